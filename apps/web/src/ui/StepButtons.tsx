import { Button } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

interface StepButtonsProps {
  /** The previous step's route, where the screen offers Back. */
  back?: string;
  /** The next step's route. */
  next: string;
}

/** Back and Next of a workflow step's toolbar. */
export function StepButtons({ back, next }: StepButtonsProps) {
  const navigate = useNavigate();
  return (
    <>
      {back ? (
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          onClick={() => void navigate(back)}
        >
          Back
        </Button>
      ) : null}
      <Button rightSection={<IconArrowRight size={18} aria-hidden />} onClick={() => void navigate(next)}>
        Next
      </Button>
    </>
  );
}
