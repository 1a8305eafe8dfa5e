import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureApiClient } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { PlaceholderEditorModal } from './PlaceholderEditorModal';
import { stubImageLoading } from '../../test/konva-mock';
import { uploadImageModeTemplate } from './upload-template.api';

vi.mock('react-konva/lib/ReactKonvaCore', async () => (await import('../../test/konva-mock')).konvaMock);
vi.mock('./upload-template.api', () => ({ uploadImageModeTemplate: vi.fn() }));

const upload = vi.mocked(uploadImageModeTemplate);

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const file = new File(['png'], 'shirt.png', { type: 'image/png' });

function open(handlers: Partial<{ onSkip: () => void; onUploaded: () => void }> = {}) {
  const props = { onSkip: vi.fn(), onUploaded: vi.fn(), onClose: vi.fn(), ...handlers };
  renderWithProviders(<PlaceholderEditorModal file={file} index={1} total={2} workspaceId="w1" {...props} />);
  return props;
}

describe('PlaceholderEditorModal', () => {
  let restore: () => void;
  let alert: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    configureApiClient({ baseUrl: '', onSessionExpired: () => {} });
    // An 800 x 1000 template shows as a 400 x 500 preview.
    restore = stubImageLoading(800, 1000);
    alert = vi.fn();
    vi.stubGlobal('alert', alert);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, [])),
    );
    upload.mockReset();
    // jsdom has no 2D canvas: the sample pattern is drawn on nothing.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => {
    restore();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts with the 200 x 200 box at 50,50 and sends its corners as fractions', async () => {
    upload.mockResolvedValue({ message: '1 stored.', stored: 1, rejected: 0, files: [], templates: [] });
    const props = open();
    expect(await screen.findByText(/Box 200 × 200 px at 50, 50 on a 400 × 500 px preview/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(props.onUploaded).toHaveBeenCalledTimes(1));
    expect(upload).toHaveBeenCalledWith(
      'w1',
      file,
      {
        templateData: {
          topLeft: { x: 0.125, y: 0.1 },
          topRight: { x: 0.625, y: 0.1 },
          bottomLeft: { x: 0.125, y: 0.5 },
          bottomRight: { x: 0.625, y: 0.5 },
          rotation: 0,
          dimensions: { width: 200, height: 200 },
          fit: 'contain',
        },
      },
      expect.anything(),
    );
  });

  it('sends the Realism tab’s cylinder, folds and fabric with the corners; back on Placement the box moves again', async () => {
    upload.mockResolvedValue({ message: '1 stored.', stored: 1, rejected: 0, files: [], templates: [] });
    const props = open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Realism' }));
    // Flat by default: no curvature to set, nothing in front, Undo and Clear disabled.
    expect(screen.queryByRole('slider', { name: 'Curvature' })).toBeNull();
    expect(screen.getByTestId('occluder-count').textContent).toBe('Nothing in front of the design yet.');
    expect((screen.getByRole('button', { name: 'Undo last' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText('Cylinder'));
    expect(screen.getByTestId('curvature-value').textContent).toBe('6%');
    expect(screen.getByTestId('wrap-value').textContent).toBe('140°');
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Curvature' }), { key: 'ArrowRight' });
    expect(screen.getByTestId('curvature-value').textContent).toBe('7%');
    fireEvent.click(screen.getByText('Dark'));
    fireEvent.click(screen.getByText('Paint'));
    expect(screen.getByRole('slider', { name: 'Brush' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Placement' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Realism' }));
    // Leaving the tab put the tool back to moving the area.
    expect(screen.queryByRole('slider', { name: 'Brush' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(props.onUploaded).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]![2]).toMatchObject({
      templateData: { cylinder: { curvature: 0.07, wrap: 140 }, shading: { strength: 1, tone: 'dark' } },
    });
    expect(upload.mock.calls[0]![2]).not.toHaveProperty('templateData.occluders');
    expect(upload.mock.calls[0]![2]).not.toHaveProperty('templateData.displacement');
  });

  it('alerts on a width or height that is not a positive number, and fits a good one', async () => {
    open();
    const width = await screen.findByRole('textbox', { name: 'Width' });
    const height = screen.getByRole('textbox', { name: 'Height' });
    fireEvent.change(width, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Image Placeholder' }));
    expect(alert).toHaveBeenCalledWith('Please enter valid positive numbers for width and height.');
    fireEvent.change(width, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Image Placeholder' }));
    expect(alert).toHaveBeenCalledTimes(2);
    // 4500 x 5400 is scaled to fit the 400 x 500 preview and centred.
    fireEvent.change(width, { target: { value: '4500' } });
    fireEvent.change(height, { target: { value: '5400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Image Placeholder' }));
    expect(alert).toHaveBeenCalledTimes(2);
    expect(await screen.findByText(/Box 400 × 480 px at 0, 10 on a 400 × 500 px preview/)).toBeTruthy();
  });

  it('hides the placeholder controls without a placeholder and sends no_placeholder', async () => {
    upload.mockResolvedValue({ message: '1 stored.', stored: 1, rejected: 0, files: [], templates: [] });
    open();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Upload without design placeholder' }));
    expect(screen.queryByRole('textbox', { name: 'Width' })).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Image Placeholder' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]?.[2]).toEqual({ noPlaceholder: true });
  });

  it('alerts on a refused upload and keeps the server’s reason in the modal', async () => {
    const message = 'The print area must be convex: no corner may point inward.';
    upload.mockRejectedValue(new ApiError(400, { message }, message));
    const props = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Upload failed. Please try again.'));
    expect(screen.getByText(message)).toBeTruthy();
    expect(props.onUploaded).not.toHaveBeenCalled();
  });

  it('alerts when no answer came back', async () => {
    upload.mockRejectedValue(new ApiError(0, null, 'offline'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('An error occurred during upload.'));
    expect(logged).toHaveBeenCalled();
  });

  it('moves the box with the arrow keys and rotates it with the slider', async () => {
    open();
    const stage = await screen.findByRole('group', { name: /Template preview/ });
    fireEvent.keyDown(stage, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(stage, { key: 'ArrowDown' });
    expect(screen.getByText(/Box 200 × 200 px at 60, 51/)).toBeTruthy();
    const slider = screen.getByRole('slider');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(screen.getByTestId('rotation-value').textContent).toBe('1°');
  });

  it('Skip moves on without sending', async () => {
    const props = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(props.onSkip).toHaveBeenCalledTimes(1);
    expect(upload).not.toHaveBeenCalled();
  });
});
