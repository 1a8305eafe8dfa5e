import { Box, Grid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './InfoArticle.module.css';

export interface InfoSection {
  /** The section's anchor, e.g. `refund-window` (/returns#refund-window). */
  id: string;
  title: string;
  content: ReactNode;
}

interface InfoArticleProps {
  /** A small label over the title: Company, Policies. */
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** Shown under the lead, e.g. "Last updated July 03, 2024". */
  meta?: string;
  sections: InfoSection[];
  /** Numbers the headings 1., 2., … (the terms). */
  numbered?: boolean;
  /** A table of contents beside the text, for the long pages. */
  withContents?: boolean;
  /** Shown after the last section. */
  footer?: ReactNode;
}

function headingOf(section: InfoSection, index: number, numbered: boolean): string {
  return numbered ? `${index + 1}. ${section.title}` : section.title;
}

/** An information page: title block, then sections of readable text, with contents when long. */
export function InfoArticle(props: InfoArticleProps) {
  const { eyebrow, title, lead, meta, sections, numbered = false, withContents = false, footer } = props;
  const body = (
    <>
      <div className={classes.prose}>
        {sections.map((section, index) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>{headingOf(section, index, numbered)}</h2>
            {section.content}
          </section>
        ))}
      </div>
      {footer ? <Box maw={740}>{footer}</Box> : null}
    </>
  );

  return (
    // A short page reads as one centred column; a long one keeps its contents on the left.
    <Box component="article" maw={withContents ? undefined : 740} mx={withContents ? undefined : 'auto'}>
      <Box className={classes.header} pb={32} mb={40}>
        <Stack gap="sm" maw={760}>
          <Text fz="sm" fw={700} c="violet.8" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
            {eyebrow}
          </Text>
          <Title order={1} fz={44} lh={1.1} className={classes.title}>
            {title}
          </Title>
          <Text fz="lg" c="dimmed" lh={1.6}>
            {lead}
          </Text>
          {meta ? (
            <Text fz="sm" c="dimmed" fw={500}>
              {meta}
            </Text>
          ) : null}
        </Stack>
      </Box>
      {withContents ? (
        <Grid gap={56}>
          <Grid.Col span={3}>
            <nav aria-label="On this page" className={classes.toc}>
              <Text fz="xs" fw={700} c="dimmed" tt="uppercase" mb="sm" style={{ letterSpacing: '0.08em' }}>
                On this page
              </Text>
              {sections.map((section, index) => (
                <Link key={section.id} to={{ hash: section.id }} className={classes.tocLink}>
                  {headingOf(section, index, numbered)}
                </Link>
              ))}
            </nav>
          </Grid.Col>
          <Grid.Col span={9}>{body}</Grid.Col>
        </Grid>
      ) : (
        body
      )}
    </Box>
  );
}
