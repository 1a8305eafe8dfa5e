import { Button } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useStepLink } from './tab-workspace';

interface StepButtonsProps {
  /** The previous step's route, where the screen offers Back. */
  back?: string;
  /** The next step's route. */
  next: string;
}

/** Back and Next of a workflow step's toolbar; both keep the tab's workspace in the URL. */
export function StepButtons({ back, next }: StepButtonsProps) {
  const navigate = useNavigate();
  const stepLink = useStepLink();
  return (
    <>
      {back ? (
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          onClick={() => void navigate(stepLink(back))}
        >
          Back
        </Button>
      ) : null}
      <Button
        rightSection={<IconArrowRight size={18} aria-hidden />}
        onClick={() => void navigate(stepLink(next))}
      >
        Next
      </Button>
    </>
  );
}
