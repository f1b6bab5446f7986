import { ContactMessageBody, messages } from '@bridge/api';
import { Anchor, Box, Button, LoadingOverlay, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/LoadingOverlay.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { ErrorDialog } from '../../components/error-dialog';
import { PageTitle } from '../../components/page-title';
import { focusFirstError } from '../../lib/forms';
import { office } from '../../lib/site';
import { useSendContactMessage } from './contact-api';
import classes from './contact-page.module.css';
import { LazyMap } from './components/lazy-map';
import { PageHero } from './components/page-hero';
import { Section } from './components/section';

type ContactValues = { name: string; email: string; contact: string; description: string };

const emptyValues: ContactValues = { name: '', email: '', contact: '', description: '' };
const validate = schemaResolver(ContactMessageBody, { sync: true });

/** One way of reaching us: a bordered card under its heading. */
function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function ContactDetails() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz={{ base: 24, sm: 28 }}>
          Get in touch
        </Title>
        <Text c="dimmed" mt="xs">
          Tell us the name of your event or the email address of your account, and we can help you faster.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <InfoCard title="Office">
          <Text component="address" c="dimmed" mt={4} fs="normal">
            {office.addressLines.map((line) => (
              <span key={line} className={classes.line}>
                {line}
              </span>
            ))}
          </Text>
        </InfoCard>
        <InfoCard title="Opening hours">
          <Text c="dimmed" mt={4}>
            <span className={classes.line}>{office.openingDays}</span>
            <span className={classes.line}>{office.openingHours}</span>
          </Text>
        </InfoCard>
        <InfoCard title="General enquiries">
          <Anchor href={`mailto:${office.email}`} mt={4} display="inline-block" className={classes.breakable}>
            {office.email}
          </Anchor>
        </InfoCard>
        <InfoCard title="Phone">
          <Anchor href={`tel:${office.phone.replace(/\s+/g, '')}`} mt={4} display="inline-block">
            {office.phone}
          </Anchor>
        </InfoCard>
      </SimpleGrid>
    </Stack>
  );
}

function ContactForm() {
  const send = useSendContactMessage();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<unknown>(null);

  const form = useForm<ContactValues>({ initialValues: emptyValues, validate });

  const handleSubmit = form.onSubmit(async (values) => {
    setSentMessage(null);
    try {
      const result = await send.mutateAsync({ ...values, type: 1 });
      form.reset();
      setSentMessage(result.message || messages.messageSent);
    } catch (error) {
      setDialogError(error);
    }
  }, focusFirstError(form));

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="sm">
      <Title order={2} fz={{ base: 24, sm: 28 }}>
        Send us a message
      </Title>
      <Text c="dimmed" mt="xs" mb="lg">
        All fields are required.
      </Text>
      <Box pos="relative">
        <LoadingOverlay visible={send.isPending} zIndex={5} overlayProps={{ radius: 'md', blur: 1 }} />
        <form onSubmit={handleSubmit} noValidate aria-busy={send.isPending}>
          <Stack gap="md">
            <TextInput label="Name" autoComplete="name" required maxLength={120} {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" autoComplete="email" required maxLength={254} {...form.getInputProps('email')} />
            <TextInput label="Contact" type="tel" autoComplete="tel" inputMode="tel" required maxLength={40} {...form.getInputProps('contact')} />
            <Textarea label="Description" required rows={6} resize="vertical" maxLength={5000} {...form.getInputProps('description')} />
            <Button type="submit" size="md" disabled={send.isPending} className={classes.submit}>
              Send
            </Button>
          </Stack>
        </form>
      </Box>
      <div role="status" className={classes.status}>
        {sentMessage ? (
          <Text c="felt.8" fw={600} mt="md">
            {sentMessage}
          </Text>
        ) : null}
      </div>
      <ErrorDialog error={dialogError} onClose={() => setDialogError(null)} />
    </Paper>
  );
}

export function ContactPage() {
  return (
    <>
      <PageTitle title="Contact Us" description="Questions about the bridge platform, the apps or your account? Write, call or visit us." />
      <PageHero eyebrow="Contact us" title="We'd Love to Hear from You.">
        <p>
          Questions about running an event, trouble with your account, or an idea that would make the apps better for your club: write to us and we
          will get back to you soon.
        </p>
      </PageHero>
      <Section>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'xl', md: 48 }}>
          <ContactDetails />
          <ContactForm />
        </SimpleGrid>
      </Section>
      <Section title="Find us" muted>
        <LazyMap latitude={office.latitude} longitude={office.longitude} title="Map of our office on OpenStreetMap" />
      </Section>
    </>
  );
}
