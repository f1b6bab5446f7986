import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { pairLabel, type PairDraft } from '../entries';

/** Two pairs trade their numbers, and with them their starting places. */
export function SwapForm({ drafts, onSwap }: { drafts: PairDraft[]; onSwap: (a: string, b: string) => void }) {
  const [a, setA] = useState<string | null>(null);
  const [b, setB] = useState<string | null>(null);
  const data = drafts.map((d) => ({ value: d.pair, label: pairLabel(d.pair) }));
  return (
    <Group align="flex-end" gap="sm">
      <Select label="Swap pair" data={data} value={a} onChange={setA} w={{ base: '100%', xs: 160 }} comboboxProps={{ withinPortal: false }} />
      <Select
        label="with pair"
        data={data.filter((d) => d.value !== a)}
        value={b}
        onChange={setB}
        w={{ base: '100%', xs: 160 }}
        comboboxProps={{ withinPortal: false }}
      />
      <Button
        variant="default"
        disabled={!a || !b || a === b}
        onClick={() => {
          onSwap(a!, b!);
          setA(null);
          setB(null);
        }}
      >
        Swap numbers
      </Button>
    </Group>
  );
}
