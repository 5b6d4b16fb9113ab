import {
  allowedIsaMoves,
  calls,
  type IsaRecordWire,
  type IsaStateWire,
  type IsaStatus,
  isaTypeResource,
  userResource,
} from '@cohort/domain';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { TestRouter } from '../../../testing/router';
import { answer, recordsAnswer } from '../../../testing/stub-call';
import { signInAs, stubApi } from '../../roles/roles-test-utils';
import { LearnerIsaPanel } from './learner-isa-panel';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const at = '2026-01-05T10:00:00.000Z';
const file = (name: string, contentType: string, url: string) => ({
  name,
  contentType,
  size: 2048,
  uploadedAt: at,
  url,
});
function isaIn(status: IsaStatus, extra: Partial<IsaRecordWire> = {}): IsaRecordWire {
  return {
    id: 7,
    version: 3,
    userId: 5,
    status,
    isaTypeId: 1,
    isaTypeName: 'Standard 15%',
    salaryPercent: 15,
    currency: 'INR',
    monthlyCapMinor: 2_500_000,
    totalCapMinor: 30_000_000,
    durationMonths: 24,
    minimumSalaryMinor: 50_000_000,
    assignedAt: at,
    assignedByName: 'Nina Negotiator',
    documentDeadline: '2026-02-01',
    expiryDate: '2028-01-05',
    verifiedAt: null,
    verifiedByName: null,
    reason: null,
    document: null,
    video: null,
    ...extra,
  };
}
const stateOf = (status: IsaStatus, extra: Partial<IsaRecordWire> = {}): IsaStateWire =>
  ({
    userId: 5,
    isaStatus: status,
    isa: status === 'Not Assigned' ? null : isaIn(status, extra),
    allowed: allowedIsaMoves(status),
  }) as IsaStateWire;

let current: IsaStateWire;
let posted: { path: string; body: unknown }[];

beforeEach(() => {
  vi.mocked(notifications.show).mockClear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  posted = [];
  current = stateOf('Not Assigned');
  stubApi(fetchMock, (url, init) => {
    if (url.pathname === '/admin/user/isa/get') {
      expect(url.searchParams.get('userId')).toBe('5');
      return answer(calls.isa.get, current);
    }
    if (url.pathname === '/admin/isa/get')
      return recordsAnswer(isaTypeResource, [
        { id: 1, name: 'Standard 15%', salaryPercent: 15, currency: 'INR', durationMonths: 24, active: true },
        { id: 2, name: 'Light 10%', salaryPercent: 10, currency: 'INR', durationMonths: 12, active: true },
      ]);
    if (init?.method === 'POST' && url.pathname.startsWith('/admin/user/isa/')) {
      const body = JSON.parse(String(init.body));
      posted.push({ path: url.pathname, body });
      if (url.pathname.endsWith('/assign')) {
        current = stateOf('Documents Not Submitted');
        return answer(calls.isa.assign, current);
      }
      if (url.pathname.endsWith('/resend'))
        return answer(calls.isa.resend, {
          id: 41,
          toAddress: 'asha@example.com',
          subject: 'Your income-share agreement',
          status: 'queued',
          error: null,
          sentAt: null,
          createdAt: at,
        });
      if (url.pathname.endsWith('/update') && body.move === 'changeType') {
        current = stateOf(current.isaStatus, { isaTypeId: body.isaTypeId, isaTypeName: 'Light 10%', version: 4 });
        return answer(calls.isa.update, current);
      }
      if (url.pathname.endsWith('/remove')) {
        current = stateOf('Not Assigned');
        return answer(calls.isa.remove, current);
      }
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderPanel() {
  renderWithProviders(
    <TestRouter component={() => <LearnerIsaPanel def={userResource} id="5" record={{ id: 5, version: 1 }} />} />,
  );
}

describe('LearnerIsaPanel', () => {
  it('assigns an ISA of a chosen type: the type is required, then the badge moves to the new status', async () => {
    signInAs('NEGOTIATOR');
    renderPanel();
    expect(await screen.findByText('No ISA is assigned to this learner.')).toBeTruthy();
    expect(screen.getByLabelText('ISA status: Not Assigned')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Assign ISA' });
    fireEvent.click(within(form).getByRole('button', { name: 'Assign ISA' }));
    expect(await within(form).findByText('Choose an ISA type')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.click(within(form).getAllByLabelText(/ISA type/)[0]);
    fireEvent.click(await screen.findByRole('option', { name: /Light 10%/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Assign ISA' }));
    await waitFor(() =>
      expect(posted).toEqual([{ path: '/admin/user/isa/assign', body: { userId: 5, isaTypeId: 2 } }]),
    );
    expect(await screen.findByLabelText('ISA status: Documents Not Submitted')).toBeTruthy();
    // The moves open now, and no others.
    expect(screen.getByRole('button', { name: 'Upload documents' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload acceptance video' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  }, 20_000);

  it('shows a verified ISA with its terms, the document link and the playable video; offers only extend and termination', async () => {
    signInAs('NEGOTIATOR');
    current = stateOf('ISA Verified', {
      verifiedAt: at,
      verifiedByName: 'Nina Negotiator',
      document: file('signed.pdf', 'application/pdf', '/admin/user/isa/get-document-file?userId=5&ticket=t1'),
      video: file('accept.webm', 'video/webm', '/admin/user/isa/get-isa-video?userId=5&ticket=t2'),
    });
    renderPanel();
    expect(await screen.findByLabelText('ISA status: ISA Verified')).toBeTruthy();
    expect(screen.getByText(/15% of salary for 24 months/)).toBeTruthy();
    expect(screen.getByText(/₹25,000.00 a month/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'View document' });
    expect(link.getAttribute('href')).toBe('/admin/user/isa/get-document-file?userId=5&ticket=t1');
    const video = screen.getByLabelText('ISA acceptance video') as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('/admin/user/isa/get-isa-video?userId=5&ticket=t2');
    expect(screen.getByRole('form', { name: 'Extend ISA' })).toBeTruthy();
    // Documents are in: only the expiry moves.
    expect(screen.queryByLabelText('New document deadline')).toBeNull();
    expect(screen.getByRole('button', { name: 'Request termination' })).toBeTruthy();
    for (const name of ['Verify', 'Remove ISA', 'Opt out', 'Upload documents', 'Resend ISA link']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  }, 20_000);

  it('resends the link and shows the outbox entry; removes only once confirmed with a reason', async () => {
    signInAs('NEGOTIATOR');
    current = stateOf('Document Submission Overdue');
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend ISA link' }));
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Queued')).toBeTruthy();
    expect(within(status).getByText('Mail to asha@example.com:')).toBeTruthy();
    expect(within(status).getByRole('link', { name: 'See it in the outbox' }).getAttribute('href')).toBe(
      '/mail-outbox/41',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove ISA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this ISA?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove ISA' }));
    expect(await within(dialog).findAllByText('Reason is required')).not.toHaveLength(0);
    expect(posted.map((p) => p.path)).toEqual(['/admin/user/isa/resend']);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Assigned by mistake' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove ISA' }));
    await waitFor(() =>
      expect(posted[1]).toEqual({
        path: '/admin/user/isa/remove',
        body: { userId: 5, version: 3, reason: 'Assigned by mistake' },
      }),
    );
    expect(await screen.findByLabelText('ISA status: Not Assigned')).toBeTruthy();
  }, 20_000);

  it('offers HR no moves: they read the ISA only', async () => {
    signInAs('HR');
    current = stateOf('ISA Acceptance Video Uploaded');
    renderPanel();
    expect(await screen.findByLabelText('ISA status: ISA Acceptance Video Uploaded')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  }, 20_000);

  it('uploads the documents on the learner’s behalf with progress, with the token, and shows the new status', async () => {
    signInAs('MOTIVATOR');
    current = stateOf('Documents Not Submitted');
    const sentRequests: { url: string; headers: Record<string, string>; file: File }[] = [];
    let xhr: FakeXhr | undefined;
    class FakeXhr {
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      onerror?: () => void;
      ontimeout?: () => void;
      timeout = 0;
      status = 0;
      responseText = '';
      url = '';
      headers: Record<string, string> = {};
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader(k: string, v: string) {
        this.headers[k] = v;
      }
      getResponseHeader() {
        return null;
      }
      send(form: FormData) {
        sentRequests.push({ url: this.url, headers: this.headers, file: form.get('file') as File });
        xhr = this;
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderPanel();
    await screen.findByRole('button', { name: 'Upload documents' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const pdf = new File(['%PDF-1.4 signed'], 'signed.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    await waitFor(() => expect(sentRequests).toHaveLength(1));
    expect(sentRequests[0].url).toBe('/admin/user/isa/upload-document?userId=5');
    expect(sentRequests[0].headers.token).toBe('tok');
    expect(sentRequests[0].file.name).toBe('signed.pdf');
    act(() => xhr?.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(await screen.findByRole('progressbar', { name: 'Upload documents: 40%' })).toBeTruthy();
    current = stateOf('ISA Submitted', { document: file('signed.pdf', 'application/pdf', '/doc?ticket=t') });
    act(() => {
      if (!xhr) return;
      xhr.status = 200;
      xhr.responseText = JSON.stringify(current);
      xhr.onload?.();
    });
    expect(await screen.findByLabelText('ISA status: ISA Submitted')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('link', { name: 'View document' })).toBeTruthy();
    // A motivator uploads and resends; verifying and removing are the negotiator's.
    expect(screen.getByRole('button', { name: 'Upload acceptance video' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove ISA' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Extend ISA' })).toBeNull();
  }, 20_000);

  it('changes the type to another one; the type chosen is then the ISA’s own and no longer offered', async () => {
    signInAs('NEGOTIATOR');
    current = stateOf('Documents Not Submitted');
    renderPanel();
    const form = await screen.findByRole('form', { name: 'Change ISA type' });
    fireEvent.click(within(form).getAllByLabelText(/^Another ISA type/)[0]);
    expect(screen.queryByRole('option', { name: 'Standard 15%' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Light 10%' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Change ISA type' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { path: '/admin/user/isa/update', body: { userId: 5, version: 3, move: 'changeType', isaTypeId: 2 } },
      ]),
    );
    await waitFor(() =>
      expect((within(form).getAllByLabelText(/^Another ISA type/)[0] as HTMLInputElement).value).toBe(''),
    );
    fireEvent.click(within(form).getAllByLabelText(/^Another ISA type/)[0]);
    expect(await screen.findByRole('option', { name: 'Standard 15%' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Light 10%' })).toBeNull();
  });

  it('is not shown to a role that may not read ISAs', async () => {
    signInAs('MENTOR');
    renderPanel();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Income-share agreement')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
