import { ActionIcon, Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import { PageTitle } from '../../components/page-title';
import { currentUserQueryOptions } from '../../lib/auth';
import { iceServersQueryOptions, tournamentQueryOptions } from './api';
import type { MediaChoice } from './call/media';
import { gridColumns, type TileRatio } from './call/seats';
import { deviceState } from './call/device-state';
import { keyOfChannel, readDetails } from './call/tables';
import { DeviceToggle } from './components/device-toggle';
import { SettingsDialog } from './components/settings-dialog';
import { useCall } from './use-call';
import { VideoDialog } from './components/video-dialog';
import { PhoneOffIcon, SettingsIcon } from './components/video-icons';
import { VideoTile } from './components/video-tile';
import classes from './chat-page.module.css';
import { endHref, joinHref } from './video-paths';
import { clearVideoState, getStoredMediaChoice, getStoredRatio, setStoredMediaChoice, setStoredRatio } from './video-storage';
import { videoTexts } from './texts';

export function ChatPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const table = params.get('table') ?? '';
  const tableName = params.get('name') ?? '';
  const key = table ? keyOfChannel(table) : '';

  const userQuery = useQuery(currentUserQueryOptions());
  const iceQuery = useQuery(iceServersQueryOptions());
  const tournamentQuery = useQuery({ ...tournamentQueryOptions(key), enabled: Boolean(key) });
  const { call, snapshot } = useCall({
    table,
    uid: userQuery.data?.uid,
    displayName: userQuery.data?.displayName,
    iceServers: iceQuery.data,
    audio: params.get('audio') !== 'false',
    video: params.get('video') !== 'false',
  });

  const [confirmLeave, setConfirmLeave] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [ratio, setRatio] = useState<TileRatio>(getStoredRatio);
  const [choice, setChoice] = useState<MediaChoice>(getStoredMediaChoice);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const [soundOn, setSoundOn] = useState(false);
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const onSoundBlocked = useCallback(() => setSoundBlocked(true), []);

  const problem = snapshot.problem;
  useEffect(() => {
    if (problem?.kind === 'already-joined') navigate(joinHref({ key: key || undefined, state: '2' }), { replace: true });
  }, [problem, navigate, key]);

  const hangUp = useCallback(() => {
    call?.hangUp();
    clearVideoState();
    navigate(endHref(key || undefined), { replace: true });
  }, [call, navigate, key]);

  const details = tournamentQuery.data ? readDetails(tournamentQuery.data.details) : null;
  const loadFailed = userQuery.isError || iceQuery.isError;
  const selfStream = snapshot.participants.find((p) => p.isSelf)?.stream;
  // No camera or microphone, or none allowed: one notice, and the switches of what is missing off and disabled.
  const devices = deviceState(snapshot.missing, problem?.kind === 'media' ? problem.problem : null);
  const microphoneOn = snapshot.audio && devices.microphone;
  const cameraOn = snapshot.video && devices.camera;
  const columns = gridColumns(snapshot.participants.length, narrow);

  return (
    <div className={classes.page}>
      <PageTitle title={tableName ? `Video chat, ${tableName}` : 'Video chat'} />
      <header className={classes.header}>
        <div className={classes.headerText}>
          <Text fw={700} size="lg" component="h1" className={classes.title}>
            {tableName || 'Video chat'}
          </Text>
          <Text size="sm" c="dimmed" className={classes.subtitle}>
            {details?.typeName ? (
              <>
                <strong>{details.typeName}</strong> · key {key}
              </>
            ) : key ? (
              `Key ${key}`
            ) : (
              ''
            )}
          </Text>
        </div>
        {!table || snapshot.status === 'ended' ? null : snapshot.status === 'reconnecting' ? (
          <Badge color="yellow" variant="light" role="status">
            {videoTexts.reconnecting}
          </Badge>
        ) : snapshot.status === 'connecting' || snapshot.status === 'starting' ? (
          <Badge color="gray" variant="light" role="status">
            Connecting…
          </Badge>
        ) : snapshot.participants.some((p) => !p.isSelf) ? null : (
          // In the room, and nobody else yet.
          <Badge color="felt" variant="light" size="lg" tt="none" role="status">
            {videoTexts.waitingForOthers}
          </Badge>
        )}
      </header>

      <Stack gap="xs" className={classes.notices}>
        {devices.notice ? (
          <Alert color="red" py={8} title={devices.notice.title} role="alert" data-testid="media-notice">
            <Group gap="sm" justify="space-between" wrap="wrap">
              <Text size="sm" style={{ flex: '1 1 18rem' }}>
                {devices.notice.message}
              </Text>
              <Button size="xs" variant="default" onClick={() => void call?.changeDevices(choice)} disabled={!call}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : null}
        {soundBlocked && !soundOn ? (
          <Alert color="blue" py={6}>
            <Group gap="sm" justify="space-between">
              <Text size="sm">The browser held back the sound of the others.</Text>
              <Button size="xs" onClick={() => setSoundOn(true)}>
                Turn on sound
              </Button>
            </Group>
          </Alert>
        ) : null}
      </Stack>

      {snapshot.participants.length > 0 ? (
        <section
          className={classes.grid}
          aria-label="Participants"
          style={{
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            maxWidth: gridMaxWidth(columns, snapshot.participants.length, ratio, devices.notice ? NOTICE_HEIGHT_PX : 0),
          }}
        >
          {snapshot.participants.map((participant) => (
            <VideoTile
              key={participant.peerId}
              participant={participant}
              ratio={ratio}
              speaking={snapshot.speaker === participant.peerId}
              onSoundBlocked={onSoundBlocked}
              soundOn={soundOn}
            />
          ))}
        </section>
      ) : null}

      <nav className={classes.controls} aria-label="Call controls">
        <DeviceToggle
          device="microphone"
          available={devices.microphone}
          on={microphoneOn}
          disabled={!call}
          onToggle={() => call?.setAudio(!snapshot.audio)}
        />
        <DeviceToggle device="camera" available={devices.camera} on={cameraOn} disabled={!call} onToggle={() => call?.setVideo(!snapshot.video)} />
        <ActionIcon size={52} radius="xl" variant="default" aria-label="Settings" title="Settings" onClick={() => setSettingsOpen(true)}>
          <SettingsIcon />
        </ActionIcon>
        <Button size="md" radius="xl" color="red.8" leftSection={<PhoneOffIcon size={20} />} onClick={() => setConfirmLeave(true)}>
          Hang Up
        </Button>
      </nav>

      <VideoDialog
        opened={confirmLeave}
        title={videoTexts.leaveTitle}
        onClose={() => setConfirmLeave(false)}
        actions={[
          { label: 'Cancel', onClick: () => setConfirmLeave(false) },
          { label: 'Leave', onClick: hangUp, color: 'red.8' },
        ]}
      >
        {videoTexts.confirmContinue}
      </VideoDialog>

      <SettingsDialog
        opened={settingsOpen}
        choice={choice}
        ratio={ratio}
        activeCameraId={selfStream?.getVideoTracks()[0]?.getSettings().deviceId}
        activeMicrophoneId={selfStream?.getAudioTracks()[0]?.getSettings().deviceId}
        onClose={() => setSettingsOpen(false)}
        onFinish={(next, shape) => {
          setSettingsOpen(false);
          setRatio(shape);
          setStoredRatio(shape);
          if (next.cameraId !== choice.cameraId || next.microphoneId !== choice.microphoneId) {
            setChoice(next);
            setStoredMediaChoice(next);
            void call?.changeDevices(next);
          }
        }}
      />

      <VideoDialog opened={!table} title={videoTexts.unknownTableTitle} actions={[{ label: 'Hang Up', onClick: hangUp, color: 'red.8' }]}>
        {videoTexts.unknownTableMessage}
      </VideoDialog>
      <VideoDialog
        opened={Boolean(table) && problem?.kind === 'unknown-table'}
        title={videoTexts.unknownTableTitle}
        actions={[{ label: 'Hang Up', onClick: hangUp, color: 'red.8' }]}
      >
        {videoTexts.unknownTableMessage}
      </VideoDialog>
      <VideoDialog
        opened={problem?.kind === 'refused'}
        title={videoTexts.refusedTitle}
        actions={[{ label: 'Back', onClick: () => void navigate(joinHref({ key: key || undefined }), { replace: true }) }]}
      >
        {problem?.kind === 'refused' ? problem.message : ''}
      </VideoDialog>
      <VideoDialog
        opened={problem?.kind === 'peer-failed'}
        title="Connection problem"
        onClose={() => call?.dismissProblem()}
        actions={[
          { label: 'Close', onClick: () => call?.dismissProblem() },
          { label: 'Reload', onClick: () => window.location.reload() },
        ]}
      >
        {videoTexts.peerConnectionFailed}
      </VideoDialog>
      <VideoDialog opened={loadFailed} title={videoTexts.oopsTitle} actions={[{ label: 'Reload', onClick: () => window.location.reload() }]}>
        {videoTexts.oopsMessage}
      </VideoDialog>
    </div>
  );
}

// Height the page keeps for the bar, the table's title and the controls around the grid.
const CHROME_HEIGHT_PX = 250;
const TILE_GAP_PX = 10;
// The camera and microphone notice, at its two lines on a wide screen: the tiles shrink so the controls stay clear.
const NOTICE_HEIGHT_PX = 100;

/** The grid's widest size at which every row of tiles still fits the screen's height (no scrolling to see someone). */
function gridMaxWidth(columns: number, count: number, ratio: TileRatio, noticeHeight: number): string {
  const [w, h] = ratio.split(':').map(Number);
  const rows = Math.max(1, Math.ceil(count / columns));
  const tileHeight = `((100dvh - ${CHROME_HEIGHT_PX + noticeHeight + (rows + 1) * TILE_GAP_PX}px) / ${rows})`;
  return `max(300px, calc(${columns} * ${tileHeight} * ${(w! / h!).toFixed(4)} + ${(columns + 1) * TILE_GAP_PX}px))`;
}
