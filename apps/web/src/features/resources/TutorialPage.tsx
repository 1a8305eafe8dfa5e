import { Anchor, Paper, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';

/** /tutorial/:file: the tutorial itself arrives with the content issue. */
export function TutorialPage() {
  const { file = '' } = useParams();
  return (
    <>
      <PageHeader title="Tutorial" description={file} />
      <Paper withBorder radius="md" p="xl" maw={820}>
        <Text>
          This tutorial is not published yet.{' '}
          <Anchor component={Link} to="/resources">
            Back to Resources
          </Anchor>
        </Text>
      </Paper>
    </>
  );
}
