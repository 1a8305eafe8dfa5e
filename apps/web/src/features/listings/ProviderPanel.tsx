import { IconRocket } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ListingProvider, ListingRun } from '@podflow/contract/listings';
import { ConnectionPanel } from '../../ui/ConnectionPanel';
import { GuardedButton } from '../../ui/GuardedButton';
import { RunProgress } from '../../ui/RunProgress';
import type { useListingRun } from './get-listing-run.api';
import { createListingsReason, runOutcomes } from './listing-run';
import { listingsText as text } from './listings-messages';
import { providerSetups } from './provider-setup';
import { useConnection, useSaveConnection } from './store-connection.api';

/** What a finished run says of publishing: only what happened ('2 of 3 published'), never more. */
function publishNote(run: ListingRun | null): string | null {
  if (!run?.publish) return null;
  const asked = run.published + run.publish_failed;
  if (asked === 0) return null;
  if (run.published === 0) return text.runPublishFailed;
  return run.publish_failed === 0 ? text.runPublished : text.runPublishedSome(run.published, asked);
}

/** What the page gives each provider's panel. */
export interface PanelProps {
  workspaceId: string;
  /** The workspace's designs; null while they load. */
  designs: number | null;
  latest: ReturnType<typeof useListingRun>;
}

interface ProviderPanelProps<P extends ListingProvider> extends PanelProps {
  provider: P;
  /** The create call is out. */
  sending: boolean;
  onCreate: () => void;
  /** An option of step 2, under the steps. */
  option?: ReactNode;
  /** What the last create call said, under the run. */
  children?: ReactNode;
}

/**
 * A print provider: whether and to what the workspace is connected, its two numbered steps (step
 * 2 says why it cannot be used yet), and its latest run.
 */
export function ProviderPanel<P extends ListingProvider>(props: ProviderPanelProps<P>) {
  const { provider, workspaceId, designs, latest, sending, onCreate, option, children } = props;
  const setup = providerSetups[provider];
  const connection = useConnection(workspaceId, provider);
  const save = useSaveConnection(workspaceId, provider);

  const info = connection.data;
  const complete = info ? setup.complete(info) : false;
  const reason = sending
    ? text.creating(setup.name)
    : createListingsReason({
        provider: setup.name,
        connection: info,
        complete,
        notConnectedText: setup.notConnectedText,
        designs,
        running: latest.active,
      });

  return (
    <ConnectionPanel
      name={setup.name}
      about={setup.about}
      workspaceId={workspaceId}
      connection={connection}
      details={setup.details}
      complete={complete}
      connect={{
        label: text.connectStep(setup.name),
        title: setup.connectTitle,
        intro: setup.connectIntro,
        form: setup.form,
        save,
      }}
      action={
        <GuardedButton
          reason={reason}
          leftSection={<IconRocket size={18} aria-hidden />}
          loading={sending}
          onClick={onCreate}
        >
          {text.createStep(setup.name)}
        </GuardedButton>
      }
    >
      {option}
      <RunProgress
        run={latest.run}
        starting={latest.creating ? text.creating(setup.name) : null}
        titles={text.runTitles(setup.name)}
        outcomes={runOutcomes}
        label={text.runProgressLabel(setup.name)}
        finished={text.runFinished}
        note={publishNote(latest.run)}
        data-testid={`${provider}-run`}
      />
      {children}
    </ConnectionPanel>
  );
}
