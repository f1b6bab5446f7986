import { downloadEndpoints, messages, urlOf, type AppId, type Release } from '@bridge/api';
import { Anchor, Button, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import '@mantine/core/styles/List.layer.css';
import { paths } from '../../config/paths';
import { DownloadIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api-client';
import { site } from '../../lib/site';
import { useReleases } from './api';
import { AndroidMark, WindowsMark } from './components/platform-icons';
import { PageHero } from './components/page-hero';
import { QrCodeImage } from '../../components/qr-code-image';
import { Section } from './components/section';
import classes from './download-page.module.css';

const apps: Record<AppId, { name: string; text: string; android: boolean }> = {
  player: {
    name: 'Player app',
    text: 'Join tournaments, play at private or public tables and replay your boards.',
    android: true,
  },
  organiser: {
    name: 'Organizer app',
    text: 'Create events, choose movements and scoring, and publish results.',
    android: false,
  },
  math: {
    name: 'Math app',
    text: 'Practise the arithmetic behind the game with short, playful exercises.',
    android: false,
  },
};

const pickApp = (value: string | null): AppId =>
  value === 'organiser' || value === 'organizer' ? 'organiser' : value === 'math' ? 'math' : 'player';

const formatSize = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The installer's address as the server publishes it. Tiles link here before the release list has loaded (and
 * in the prerendered page), so a download works before the app has started.
 */
const installerUrl = (appId: AppId, platform: Release['platform']): string =>
  urlOf(downloadEndpoints.download, undefined, platform === 'android' ? { platform, file: 'apk' } : { platform, file: appId });

/** What a tile knows: a release, 'pending' while the list loads (link without version), or none. */
type TileRelease = Release | 'pending' | undefined;

type TileProps = {
  platform: string;
  mark: ReactNode;
  url: string;
  release: TileRelease;
  requirement: string;
  onDownload: () => void;
  children?: ReactNode;
};

function TileHead({ platform, mark, release }: Pick<TileProps, 'platform' | 'mark' | 'release'>) {
  return (
    <div className={classes.head}>
      <span className={classes.mark}>{mark}</span>
      <div>
        <Title order={3} fz="lg">
          {platform}
        </Title>
        {release === 'pending' ? (
          <Text size="sm" c="dimmed">
            Latest version
          </Text>
        ) : release ? (
          <Text size="sm" c="dimmed">
            Version {release.version} · {formatSize(release.size)}
          </Text>
        ) : null}
      </div>
    </div>
  );
}

/** An installer download; with no release it is shown as unavailable instead of a link that would fail. */
function DownloadTile({ platform, mark, url, release, requirement, onDownload }: TileProps) {
  if (!release) {
    return (
      <div className={`${classes.tile} ${classes.unavailable}`}>
        <TileHead platform={platform} mark={mark} release={release} />
        <span className={classes.badge}>Not available yet</span>
        <Text size="sm">{messages.releaseMissing}</Text>
        <Text size="sm" c="dimmed">
          {requirement}
        </Text>
      </div>
    );
  }
  return (
    // data-needs-app: a click before the app has started is held until it can show the thank-you note.
    <a
      className={classes.tile}
      href={release === 'pending' ? url : release.url}
      download={release === 'pending' ? '' : release.fileName}
      onClick={onDownload}
      data-needs-app=""
    >
      <TileHead platform={platform} mark={mark} release={release} />
      <Text size="sm">Download the installer, open it and follow the steps on screen.</Text>
      <Text size="sm" c="dimmed">
        {requirement}
      </Text>
      <span className={classes.cta}>
        <DownloadIcon size={18} /> Download for {platform}
      </span>
    </a>
  );
}

function AndroidTile({ appName, url, release, onDownload }: { appName: string; url: string; release: TileRelease; onDownload: () => void }) {
  if (!release) {
    return (
      <DownloadTile
        platform="Android"
        mark={<AndroidMark />}
        url={url}
        release={undefined}
        requirement={messages.androidRequirement}
        onDownload={onDownload}
      />
    );
  }
  const href = release === 'pending' ? url : release.url;
  return (
    <div className={classes.tile}>
      <TileHead platform="Android" mark={<AndroidMark />} release={release} />
      <div className={classes.android}>
        <div className={classes.qr}>
          <QrCodeImage value={href} alt={`QR code: scan it with your phone to download the ${appName} for Android`} />
        </div>
        <Stack gap="xs" className={classes.androidText}>
          <Text size="sm">Scan the code with your phone's camera, or download the APK directly.</Text>
          <Text size="sm" c="dimmed">
            {messages.androidRequirement}
          </Text>
          <Button
            component="a"
            href={href}
            download={release === 'pending' ? '' : release.fileName}
            onClick={onDownload}
            data-needs-app=""
            leftSection={<DownloadIcon size={18} />}
            variant="light"
            style={{ alignSelf: 'flex-start' }}
          >
            Download the APK
          </Button>
        </Stack>
      </div>
    </div>
  );
}

function DownloadTiles({ appId, onDownload }: { appId: AppId; onDownload: () => void }) {
  const app = apps[appId];
  const releases = useReleases();

  if (releases.isError) {
    return (
      <Paper withBorder radius="md" p="lg" role="alert" maw={640}>
        <Text fw={700}>We could not check which installers are available.</Text>
        <Text c="dimmed" size="sm" mt={4}>
          {errorMessage(releases.error)}
        </Text>
        <Button mt="md" variant="default" onClick={() => void releases.refetch()}>
          Try again
        </Button>
      </Paper>
    );
  }

  const find = (platform: Release['platform']): TileRelease =>
    releases.isPending ? 'pending' : releases.data.find((release) => release.app === appId && release.platform === platform);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy={releases.isPending}>
      <DownloadTile
        platform="Windows"
        mark={<WindowsMark />}
        url={installerUrl(appId, 'windows')}
        release={find('windows')}
        requirement={messages.windowsRequirement}
        onDownload={onDownload}
      />
      {app.android ? <AndroidTile appName={app.name} url={installerUrl(appId, 'android')} release={find('android')} onDownload={onDownload} /> : null}
    </SimpleGrid>
  );
}

export function DownloadPage() {
  const [searchParams] = useSearchParams();
  const appId = pickApp(searchParams.get('app'));
  const app = apps[appId];
  const [downloaded, setDownloaded] = useState<AppId | null>(null);
  const otherApps = (Object.keys(apps) as AppId[]).filter((id) => id !== appId);

  return (
    <>
      <PageTitle title={`Download the ${app.name}`} description={`${app.text} Free for Windows${app.android ? ' and Android' : ''}.`} />
      <PageHero eyebrow="Download" title={`Get the ${app.name}`}>
        <p>{app.text} Free to download and use.</p>
        <Text className={classes.appSwitch} size="sm">
          Looking for another app?{' '}
          {otherApps.map((id, index) => (
            <span key={id}>
              {index > 0 ? ' or ' : null}
              <Link to={paths.download.getHref(id)} className={classes.nowrap}>
                {apps[id].name}
              </Link>
            </span>
          ))}
        </Text>
      </PageHero>

      <Section title="Choose your platform">
        <DownloadTiles key={appId} appId={appId} onDownload={() => setDownloaded(appId)} />
        <div role="status" className={classes.thanks}>
          {downloaded ? (
            <Paper radius="md" p="md" bg="felt.0" withBorder>
              <Text fw={700}>Thank you for downloading the {apps[downloaded].name}!</Text>
              <Text size="sm" mt={4}>
                Your download starts in a moment. While it does, follow the steps below to get ready for your first board.
              </Text>
            </Paper>
          ) : null}
        </div>
      </Section>

      <Section title="Getting started" muted id="guide">
        <SimpleGrid cols={{ base: 1, md: app.android ? 2 : 1 }} spacing="xl">
          <div>
            <Title order={3} fz="lg">
              Your account
            </Title>
            <List type="ordered" mt="sm" spacing={6}>
              <List.Item>
                <Anchor component={Link} to={paths.register.getHref()}>
                  Create a free account
                </Anchor>{' '}
                and sign in to the app with it.
              </List.Item>
              <List.Item>Open the link in the email we send you to verify your email address.</List.Item>
              <List.Item>Join a table or an event, or set one up for your club.</List.Item>
            </List>
          </div>
          {app.android ? (
            <div>
              <Title order={3} fz="lg">
                Installing on Android
              </Title>
              <List type="ordered" mt="sm" spacing={6}>
                <List.Item>
                  Allow installing apps from unknown sources: in Settings, open Apps, then Special app access, then Install unknown apps, and allow
                  your browser.
                </List.Item>
                <List.Item>Find the downloaded APK file in your Downloads folder or the browser's downloads.</List.Item>
                <List.Item>Tap it and confirm Install.</List.Item>
                <List.Item>Open the app and sign in with your account.</List.Item>
              </List>
            </div>
          ) : null}
        </SimpleGrid>
        <Text mt="xl">
          Want to know more? Read the{' '}
          <Anchor href={site.docsUrl} target="_blank" rel="noopener noreferrer">
            user guide
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to={paths.contactUs.getHref()}>
            contact us
          </Anchor>
          .
        </Text>
      </Section>
    </>
  );
}
