import { Anchor, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAiTokens } from './get-ai-tokens.api';
import { metadataText as text } from './metadata-messages';
import { FailureAlert, WarningNotice } from './ModalAlerts';

interface GenerateConfirmModalProps {
  opened: boolean;
  /** How many designs the run writes (one token each). */
  designs: number;
  starting: boolean;
  /** Why the last try was refused, shown in the modal; null when it was not. */
  error: string | null;
  onCancel: () => void;
  onProceed: () => void;
}

/**
 * SPEC.md section 4: Generate Metadata asks first. Says how many designs the run writes, what it
 * costs in AI tokens and how many are left this month, and that the fields are sent as hints.
 */
export function GenerateConfirmModal({
  opened,
  designs,
  starting,
  error,
  onCancel,
  onProceed,
}: GenerateConfirmModalProps) {
  const tokens = useAiTokens(opened);
  const remaining = tokens.data?.remaining;
  // Nothing left this month: the server would refuse with the quota error, so say it now.
  const shownError = error ?? (remaining === 0 && designs > 0 ? text.aiTokensQuota : null);
  const quotaError = shownError === text.aiTokensQuota;
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={text.confirmTitle}
      centered
      size="md"
      closeOnClickOutside={!starting}
      withCloseButton={!starting}
    >
      <Stack gap="sm">
        <Text fz="sm">{text.confirmWhat(designs)}</Text>
        <Text fz="sm">{text.confirmCost(designs)}</Text>
        <div aria-live="polite">
          {tokens.isPending ? (
            <Skeleton h={20} w="70%" aria-label={text.tokensLoading} />
          ) : tokens.data ? (
            <Text fz="sm" fw={600}>
              {text.tokensLeft(tokens.data.remaining, tokens.data.allowance)}
            </Text>
          ) : (
            <Text fz="sm" c="dimmed">
              {text.tokensFailed}
            </Text>
          )}
        </div>
        {remaining !== undefined && remaining < designs && !shownError ? (
          <WarningNotice message={text.tokensShort(designs, remaining)} />
        ) : null}
        <Text fz="sm" c="dimmed">
          {text.confirmHints}
        </Text>
        {shownError ? (
          <FailureAlert message={shownError}>
            {quotaError ? (
              <Anchor component={Link} to="/account" fz="sm" mt={4} display="inline-block">
                {text.upgradePlan}
              </Anchor>
            ) : null}
          </FailureAlert>
        ) : null}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={starting}>
            {text.cancel}
          </Button>
          <Button
            onClick={onProceed}
            loading={starting}
            disabled={quotaError}
            leftSection={<IconSparkles size={18} aria-hidden />}
          >
            {text.proceed}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
