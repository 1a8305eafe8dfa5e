import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadDesignsResponse } from '@podflow/contract/designs';
import { ApiError } from '../../api/client';
import { renderWithProviders } from '../../test/render';
import { UploadDesignsModal } from './UploadDesignsModal';
import { uploadDesigns } from './upload-designs.api';

vi.mock('./upload-designs.api', () => ({ uploadDesigns: vi.fn() }));
const uploadMock = vi.mocked(uploadDesigns);

function png(name: string, bytes = 100): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

function quotaError(message: string, files: string[]) {
  const body = {
    detail: message,
    error: message,
    message,
    code: 'quota_exceeded',
    files: files.map((file_name) => ({ file_name, status: 'rejected', reason: message })),
  };
  return new ApiError(403, body, message);
}

function stored(files: readonly File[]): UploadDesignsResponse {
  return {
    message: `${files.length} stored.`,
    stored: files.length,
    rejected: 0,
    files: files.map((file, index) => ({ file_name: file.name, status: 'stored', lineitem_id: `l${index}` })),
  };
}

function renderModal() {
  const onUploaded = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <UploadDesignsModal opened workspaceId="w1" onUploaded={onUploaded} onClose={onClose} />,
  );
  return { onUploaded, onClose };
}

async function choose(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
  await screen.findByText(files[files.length - 1]!.name);
}

describe('UploadDesignsModal', () => {
  let alertSpy: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    uploadMock.mockReset();
    alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("alerts 'Please select files to upload.' when Upload is pressed with no files", () => {
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(alertSpy).toHaveBeenCalledWith('Please select files to upload.');
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('lists the chosen files with their size and lets one be removed', async () => {
    renderModal();
    await choose([png('cat.png', 2048), png('dog.png')]);
    expect(screen.getByText('2.0 KB')).toBeTruthy();
    expect(screen.getAllByText('Queued')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove cat.png' }));
    expect(screen.queryByText('cat.png')).toBeNull();
    expect(screen.getByText('dog.png')).toBeTruthy();
  });

  it('alerts the designs quota sentence when a 403 says the quota is exceeded', async () => {
    uploadMock.mockRejectedValue(quotaError('Designs quota exceeded', ['cat.png']));
    renderModal();
    await choose([png('cat.png')]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(alertSpy).toHaveBeenCalledWith(
        'You have exceeded your designs quota for current workspace. Please delete some designs and try again.',
      ),
    );
    expect(await screen.findByText('0 stored, 1 rejected')).toBeTruthy();
    expect(screen.getByText('Rejected: Designs quota exceeded')).toBeTruthy();
  });

  it('alerts the storage quota sentence, and any other 403 text as it is', async () => {
    uploadMock.mockRejectedValueOnce(quotaError('Space quota exceeded', ['cat.png']));
    renderModal();
    await choose([png('cat.png')]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(alertSpy).toHaveBeenCalledWith(
        'You have exceeded your storage space quota. Please delete some files and try again.',
      ),
    );

    uploadMock.mockRejectedValueOnce(
      new ApiError(403, { error: 'Uploads are paused.' }, 'Uploads are paused.'),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Upload more files' }));
    await choose([png('dog.png')]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(alertSpy).toHaveBeenLastCalledWith('Uploads are paused.'));
  });

  it('sends batches of 10 and, when a later batch hits the quota, says so in the summary instead', async () => {
    uploadMock
      .mockImplementationOnce(async (_workspace, files) => stored(files))
      .mockRejectedValueOnce(quotaError('Designs quota exceeded', ['f10.png']));
    const { onUploaded } = renderModal();
    await choose(Array.from({ length: 11 }, (_, index) => png(`f${index}.png`)));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('10 stored, 1 rejected')).toBeTruthy();
    expect(uploadMock).toHaveBeenCalledTimes(2);
    expect(uploadMock.mock.calls[0]![1]).toHaveLength(10);
    expect(uploadMock.mock.calls[1]![1].map((file) => file.name)).toEqual(['f10.png']);
    expect(
      screen.getByText(
        'You have exceeded your designs quota for current workspace. Please delete some designs and try again.',
      ),
    ).toBeTruthy();
    expect(alertSpy).not.toHaveBeenCalled();
    // The grid refreshes after every batch.
    expect(onUploaded).toHaveBeenCalledTimes(2);
  });

  it('shows each file’s progress from the bytes its batch has sent', async () => {
    let finish: (reply: UploadDesignsResponse) => void = () => {};
    let report: (loaded: number, total: number) => void = () => {};
    uploadMock.mockImplementationOnce(
      (_workspace, files, options) =>
        new Promise((resolve) => {
          report = (loaded, total) => options?.onProgress?.({ loaded, total });
          finish = () => resolve(stored(files));
        }),
    );
    renderModal();
    // 100 + 200 + 100 file bytes; the body adds 100 bytes of multipart framing.
    await choose([png('a.png', 100), png('b.png', 200), png('c.png', 100)]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploadMock).toHaveBeenCalled());

    act(() => report(250, 500));
    expect(screen.getByText('Sent, checking…')).toBeTruthy(); // a.png
    expect(screen.getByText('Sending 50%')).toBeTruthy(); // b.png
    expect(screen.getByText('Waiting to send')).toBeTruthy(); // c.png
    expect(screen.getByText('200 B of 400 B')).toBeTruthy();

    await act(async () => finish(stored([])));
    expect(await screen.findByText('3 stored, 0 rejected')).toBeTruthy();
    expect(screen.getAllByText('Stored')).toHaveLength(3);
  });

  it('lists rejections and warnings of a stored batch', async () => {
    uploadMock.mockResolvedValueOnce({
      message: '2 stored, 1 rejected.',
      stored: 2,
      rejected: 1,
      files: [
        { file_name: 'a.png', status: 'stored', lineitem_id: 'l1' },
        {
          file_name: 'b.png',
          status: 'stored',
          lineitem_id: 'l2',
          warning: 'b.png has no transparent background.',
        },
        { file_name: 'fake.png', status: 'rejected', reason: 'fake.png is not a PNG image.' },
      ],
    });
    renderModal();
    await choose([png('a.png'), png('b.png'), png('fake.png')]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('2 stored (1 with a warning), 1 rejected')).toBeTruthy();
    expect(screen.getByText('Stored with a warning: b.png has no transparent background.')).toBeTruthy();
    expect(screen.getByText('Rejected: fake.png is not a PNG image.')).toBeTruthy();
    expect(alertSpy).not.toHaveBeenCalled();
  });
});
