import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TemplateInfo } from '@podflow/contract/templates';
import { ApiError } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { ClassicUploadModal, resultText } from './ClassicUploadModal';
import { uploadClassicTemplates } from './upload-templates.api';

vi.mock('./upload-templates.api', () => ({
  templateImageTypes: 'image/png,image/jpeg,image/webp',
  uploadClassicTemplates: vi.fn(),
}));
const upload = vi.mocked(uploadClassicTemplates);

function stored(id: string, behindPhoto: boolean): TemplateInfo {
  return {
    mkp_template_id: id,
    thumbnail_image_path: '',
    user_file_name: `${id}.png`,
    image_path: '',
    width: 10,
    height: 10,
    source: 'own',
    placement: {
      corners: {
        topLeft: { x: 0, y: 0 },
        topRight: { x: 1, y: 0 },
        bottomRight: { x: 1, y: 1 },
        bottomLeft: { x: 0, y: 1 },
      },
      rotation: 0,
      dimensions: null,
      fit: 'contain',
      behindPhoto,
    },
  };
}

describe('resultText', () => {
  it('says where the print area came from, or why the file was refused without naming it twice', () => {
    const templates = [stored('w', true), stored('c', false)];
    expect(resultText({ file_name: 'w.png', status: 'stored', mkp_template_id: 'w' }, templates)).toMatch(
      /shows through its transparent window/,
    );
    expect(resultText({ file_name: 'c.png', status: 'stored', mkp_template_id: 'c' }, templates)).toMatch(
      /centred square/,
    );
    expect(
      resultText(
        { file_name: 'x.png', status: 'rejected', reason: 'x.png is not a PNG, JPEG or WebP image.' },
        [],
      ),
    ).toBe(' is not a PNG, JPEG or WebP image.');
    expect(resultText({ file_name: 'x.png', status: 'rejected', reason: 'Too big.' }, [])).toBe(
      ' · Too big.',
    );
  });
});

describe('ClassicUploadModal', () => {
  let alert: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    upload.mockReset();
    alert = vi.fn();
    vi.stubGlobal('alert', alert);
  });
  afterEach(() => vi.unstubAllGlobals());

  function choose(names: string[]) {
    const files = names.map((name) => new File(['x'], name, { type: 'image/png' }));
    fireEvent.change(screen.getByLabelText('Choose template images'), { target: { files } });
  }

  it('does nothing without files, then sends the chosen ones and lists what was stored', async () => {
    upload.mockResolvedValue({
      message: '1 stored, 1 rejected.',
      stored: 1,
      rejected: 1,
      files: [
        { file_name: 'bad.png', status: 'rejected', reason: 'bad.png is not a PNG, JPEG or WebP image.' },
        { file_name: 'w.png', status: 'stored', mkp_template_id: 'w' },
      ],
      templates: [stored('w', true)],
    });
    const onUploaded = vi.fn();
    renderWithProviders(
      <ClassicUploadModal opened workspaceId="w1" onUploaded={onUploaded} onClose={() => {}} />,
    );
    const send = await screen.findByRole('button', { name: 'Upload' });
    expect(send).toHaveProperty('disabled', true);
    choose(['w.png', 'bad.png']);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('1 stored, 1 rejected')).toBeTruthy();
    expect(upload.mock.calls[0]?.[0]).toBe('w1');
    expect(upload.mock.calls[0]?.[1].map((file) => file.name)).toEqual(['w.png', 'bad.png']);
    expect(screen.getByText(/is not a PNG, JPEG or WebP image/)).toBeTruthy();
    expect(onUploaded).toHaveBeenCalledTimes(1);
    expect(alert).not.toHaveBeenCalled();
  });

  it('alerts as the spec says when the upload is refused as a whole', async () => {
    const message = 'No template could be stored. a.png is not a PNG, JPEG or WebP image.';
    upload.mockRejectedValue(
      new ApiError(
        400,
        {
          message,
          files: [
            { file_name: 'a.png', status: 'rejected', reason: 'a.png is not a PNG, JPEG or WebP image.' },
          ],
        },
        message,
      ),
    );
    renderWithProviders(
      <ClassicUploadModal opened workspaceId="w1" onUploaded={() => {}} onClose={() => {}} />,
    );
    choose(['a.png']);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Upload failed. Please try again.'));
    expect(screen.getByText('0 stored, 1 rejected')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });
});
