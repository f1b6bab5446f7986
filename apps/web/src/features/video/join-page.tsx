import { ActionIcon, Alert, Button, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { EventType } from '@bridge/api';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { paths } from '../../config/paths';
import { PageTitle } from '../../components/page-title';
import { currentUserQueryOptions } from '../../lib/auth';
import { iceServersQueryOptions, myTablesQueryOptions, tournamentQueryOptions } from './api';
import { deviceState } from './call/device-state';
import { getLocalMedia, MediaError, stopStream, type MediaProblem } from './call/media';
import { readDetails, tableOptions } from './call/tables';
import { LevelMeter } from './components/level-meter';
import classes from './components/media.module.css';
import { TableSelector } from './components/table-selector';
import { VideoDialog } from './components/video-dialog';
import { CameraOffIcon, ReloadIcon } from './components/video-icons';
import { TablesInPlay } from './tables-in-play';
import { chatHref } from './video-paths';
import { getStoredMediaChoice, getStoredTournament, setStoredRelayServers, setStoredTournament } from './video-storage';
import { videoTexts } from './texts';

/** The camera preview of the join page: what the others will see, before joining. */
function usePreview(attempt: number, enabled: boolean) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [missing, setMissing] = useState<('camera' | 'microphone')[]>([]);
  useEffect(() => {
    // Without an event there is no table to join: the camera is not asked for.
    if (!enabled) return;
    let live = true;
    let acquired: MediaStream | null = null;
    getLocalMedia(getStoredMediaChoice())
      .then((media) => {
        acquired = media.stream;
        if (!live) return stopStream(media.stream);
        setStream(media.stream);
        setMissing(media.missing);
        setProblem(null);
      })
      .catch((error: unknown) => {
        if (!live) return;
        setProblem(error instanceof MediaError ? error.problem : { kind: 'failed' });
        if (error instanceof MediaError && error.problem.kind === 'no-devices') setMissing(['camera', 'microphone']);
      });
    return () => {
      live = false;
      stopStream(acquired);
      setStream(null);
    };
  }, [attempt, enabled]);
  return { stream, problem, missing };
}

export function JoinPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = params.get('state');
  const stored = useMemo(() => (state === '1' || state === '2' ? getStoredTournament() : null), [state]);
  const key = params.get('key') || stored?.key || null;

  const userQuery = useQuery(currentUserQueryOptions());
  const tournamentQuery = useQuery({ ...tournamentQueryOptions(key ?? ''), enabled: Boolean(key) });
  const iceQuery = useQuery(iceServersQueryOptions());
  // The chat page's code, fetched while the player chooses, so Join does not wait for it.
  useEffect(() => {
    void import('./chat-page').catch(() => undefined);
  }, []);

  const [choice, setChoice] = useState<string | null>(null);
  const [selectError, setSelectError] = useState(false);
  const [audio, setAudio] = useState(true);
  const [video, setVideo] = useState(true);
  const [alreadyJoined, setAlreadyJoined] = useState(state === '2');
  const [previewAttempt, setPreviewAttempt] = useState(0);
  const preview = usePreview(previewAttempt, Boolean(key));
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (videoRef.current) videoRef.current.srcObject = preview.stream;
  }, [preview.stream]);
  useEffect(() => {
    for (const track of preview.stream?.getAudioTracks() ?? []) track.enabled = audio;
    for (const track of preview.stream?.getVideoTracks() ?? []) track.enabled = video;
  }, [preview.stream, audio, video]);

  const tournament = tournamentQuery.data;
  useEffect(() => {
    if (tournament) setStoredTournament(tournament);
  }, [tournament]);
  useEffect(() => {
    if (iceQuery.data) setStoredRelayServers(iceQuery.data);
  }, [iceQuery.data]);
  const options = useMemo(() => (tournament ? tableOptions(tournament) : []), [tournament]);
  // A seated player finds their table chosen: the one the movement puts them at now.
  const myTables = useQuery({ ...myTablesQueryOptions(), enabled: Boolean(key) });
  const myChannel = myTables.data?.find((table) => table.key === tournament?.key)?.channel;
  const mine = options.find((option) => option.channel === myChannel)?.value;
  const [foundMine, setFoundMine] = useState<string>();
  if (mine !== foundMine) {
    setFoundMine(mine);
    if (mine) setChoice((current) => current ?? mine);
  }
  const details = tournament ? readDetails(tournament.details) : null;

  if (userQuery.data && !userQuery.data.emailVerified) return <Navigate to={paths.verifyEmail.getHref(userQuery.data.email)} replace />;

  // Still starting: no device is known missing yet, and the switches keep the user's choice.
  const devices =
    preview.stream || preview.problem ? deviceState(preview.missing, preview.problem) : { camera: true, microphone: true, notice: null };
  const microphoneOn = audio && devices.microphone;
  const cameraOn = video && devices.camera;
  const failed = userQuery.isError || tournamentQuery.isError || iceQuery.isError;
  const loading = userQuery.isPending || (Boolean(key) && tournamentQuery.isPending) || iceQuery.isPending;
  const player = details?.type === EventType.solitaire;

  if (!key) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} w="100%" maw={560}>
        <PageTitle title="Join video chat" />
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {userQuery.data ? `Hello, ${userQuery.data.displayName || userQuery.data.email}` : 'Join your table'}
          </Title>
          <Text>{videoTexts.noKey}</Text>
          <TablesInPlay title="Your tables now" />
          <Group gap="sm">
            <Button component={Link} to={paths.console.pastEvents.getHref()} variant="default">
              Bridge Results
            </Button>
            <Button component={Link} to={paths.tournaments.getHref()} variant="default">
              Events
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  const join = () => {
    const option = options.find((o) => o.value === choice);
    if (!option) {
      setSelectError(true);
      return;
    }
    navigate(chatHref({ table: option.channel, name: option.label, audio: microphoneOn, video: cameraOn }));
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} w="100%" maw={560}>
      <PageTitle title="Join video chat" />
      <Stack gap="md">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {userQuery.data ? `Hello, ${userQuery.data.displayName || userQuery.data.email}` : 'Join your table'}
          </Title>
          {tournament ? (
            <Text c="dimmed" mt={4}>
              <strong>{details?.typeName || 'Tournament'}</strong> · key {tournament.key}
            </Text>
          ) : null}
        </div>

        <div className={classes.preview}>
          <video ref={videoRef} autoPlay playsInline muted aria-label="Your camera preview" hidden={!preview.stream || !cameraOn} />
          {!preview.stream || !cameraOn ? (
            <div className={classes.previewOff}>
              {devices.notice || preview.stream ? (
                // The notice below says why; here only that the others will not see a picture.
                <span className={classes.previewOffLabel}>
                  <CameraOffIcon size={28} />
                  Camera off
                </span>
              ) : (
                <span role="status" aria-label="Starting your camera">
                  <Loader color="gray.3" size="sm" />
                </span>
              )}
            </div>
          ) : null}
        </div>
        <Stack gap={6}>
          <Text size="sm" fw={500} c={devices.microphone ? undefined : 'dimmed'}>
            Microphone level
          </Text>
          <LevelMeter stream={devices.microphone ? preview.stream : null} enabled={microphoneOn} />
        </Stack>
        {devices.notice ? (
          <Alert color="red" title={devices.notice.title} role="alert" data-testid="media-notice">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{devices.notice.message}</Text>
              <Button size="xs" variant="default" onClick={() => setPreviewAttempt((n) => n + 1)}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : null}

        <Group gap="xl">
          <Switch
            label="Microphone"
            checked={microphoneOn}
            disabled={!devices.microphone}
            onChange={(event) => setAudio(event.currentTarget.checked)}
          />
          <Switch label="Camera" checked={cameraOn} disabled={!devices.camera} onChange={(event) => setVideo(event.currentTarget.checked)} />
        </Group>

        <Group align="flex-end" gap="sm" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <TableSelector
              label={player ? 'Player' : 'Table'}
              options={options}
              value={choice}
              onChange={(value) => {
                setChoice(value);
                setSelectError(false);
              }}
            />
          </div>
          <ActionIcon
            variant="default"
            size={36}
            aria-label="Reload tables"
            title="Reload the tables and your camera"
            onClick={() => {
              void tournamentQuery.refetch();
              setPreviewAttempt((n) => n + 1);
            }}
          >
            <ReloadIcon size={18} />
          </ActionIcon>
        </Group>

        <Button size="md" onClick={join} disabled={loading || failed || !tournament} loading={loading && !failed}>
          Join
        </Button>
      </Stack>

      <VideoDialog opened={failed} title={videoTexts.oopsTitle} actions={[{ label: 'Reload', onClick: () => window.location.reload() }]}>
        {videoTexts.oopsMessage}
      </VideoDialog>
      <VideoDialog
        opened={selectError}
        title="Join"
        onClose={() => setSelectError(false)}
        actions={[{ label: 'OK', onClick: () => setSelectError(false) }]}
      >
        {videoTexts.selectTable}
      </VideoDialog>
      <VideoDialog
        opened={alreadyJoined && !failed}
        title="Video chat"
        onClose={() => setAlreadyJoined(false)}
        actions={[{ label: 'OK', onClick: () => setAlreadyJoined(false) }]}
      >
        {videoTexts.alreadyJoined}
      </VideoDialog>
    </Paper>
  );
}
