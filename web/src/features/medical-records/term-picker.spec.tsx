import { jest } from '@jest/globals';
import {
  MAX_CONTACTS_FREE,
  SNOMED_CT,
  type MedicalForm,
  type MedicalTermCategory,
  type MedicalTermView,
} from '@medical-qr/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorReply, stubFetch, type FetchStub, type StubbedRequest } from '../../../test/fetch-stub';
import { completeAnswers, fillMedicalForm } from '../../../test/medical-form';
import { renderWithProviders } from '../../../test/render-with-providers';
import { settle } from '../../../test/settle';
import type { FieldErrors } from '../../components/ui/form';
import { emptyMedicalForm, type MedicalFormValues } from './medical-form-values';
import { MedicalInfoForm } from './medical-info-form';
import { PICKER_DEBOUNCE_MS } from './term-picker';

/** A few entries of the curated list, as the gateway answers them in English. */
const LISTED: MedicalTermView[] = [
  ['764146007', 'allergen', 'Penicillin'],
  ['762952008', 'allergen', 'Peanuts'],
  ['256277009', 'allergen', 'Pecan nuts'],
  ['84489001', 'condition', 'Epilepsy'],
  ['325072002', 'medication', 'Insulin'],
].map(([code, category, display]) => ({
  code: code!,
  system: SNOMED_CT,
  category: category as MedicalTermCategory,
  display: display!,
}));

/** GET /api/medical-terms as the gateway answers it: the entries of the category whose name holds the search. */
function searchListed(request: StubbedRequest) {
  const query = new URL(request.url, 'http://test').searchParams;
  const search = query.get('search')!.toLowerCase();
  const terms = LISTED.filter(
    (term) => term.category === query.get('category') && term.display.toLowerCase().includes(search),
  ).slice(0, Number(query.get('limit')));
  return { body: { terms } };
}

let api: FetchStub;
beforeEach(() => {
  api = stubFetch({ 'GET /api/medical-terms': searchListed });
});
afterEach(() => api.restore());

function renderForm(initialValues: MedicalFormValues = emptyMedicalForm()) {
  const onSubmit = jest.fn(async (_form: MedicalForm): Promise<FieldErrors | null> => null);
  const view = renderWithProviders(
    <MedicalInfoForm
      initialValues={initialValues}
      maxContacts={MAX_CONTACTS_FREE}
      submitLabel="Generate QR Code"
      pendingLabel="Generating…"
      onSubmit={onSubmit}
    />,
  );
  const allergies = () => screen.getByLabelText('Allergies') as HTMLTextAreaElement;
  const picker = (name = 'Add a listed allergen') => screen.getByRole('combobox', { name }) as HTMLInputElement;
  return { ...view, onSubmit, allergies, picker };
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const press = (input: HTMLElement, key: string) => fireEvent.keyDown(input, { key });
const searches = () => api.callsTo('GET /api/medical-terms').map((call) => call.url);

/** The suggestions on screen, by name, once the search has been answered. */
async function suggestionsShown() {
  const listbox = await screen.findByRole('listbox', { name: 'Add a listed allergen' });
  return within(listbox).getAllByRole('option');
}

/** The names of the suggestions a picker shows now (none while its list is hidden). */
const shownIn = (name = 'Add a listed allergen') =>
  within(screen.getByRole('listbox', { name }))
    .getAllByRole('option')
    .map((option) => option.textContent);

/** Waits past the typing pause, so a search that was going to be asked has been. */
const pastTheTypingPause = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, PICKER_DEBOUNCE_MS * 3));
  });

describe('the form’s list picker: suggestions', () => {
  it('asks nothing for one letter, then suggests the field’s listed entries once typing pauses', async () => {
    const { picker } = renderForm();
    type(picker(), 'p');
    await pastTheTypingPause();
    expect(searches()).toEqual([]);
    expect(picker().getAttribute('aria-expanded')).toBe('false');

    type(picker(), 'Pe');
    type(picker(), 'Pec');
    const options = await suggestionsShown();
    expect(options.map((option) => option.textContent)).toEqual(['Pecan nuts']);
    // Only the search typing paused on is asked, in English, for this field's category.
    expect(searches()).toEqual(['/api/medical-terms?search=pec&category=allergen&lang=en&limit=8']);
    expect(picker().getAttribute('aria-expanded')).toBe('true');
    expect(picker().getAttribute('aria-autocomplete')).toBe('list');
    expect(picker().getAttribute('aria-controls')).toBe(
      screen.getByRole('listbox', { name: 'Add a listed allergen' }).id,
    );
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('1 suggestion');
  });

  it('searches each field’s own category', async () => {
    const { picker } = renderForm();
    type(picker('Add a listed medication'), 'insu');
    const listbox = await screen.findByRole('listbox', { name: 'Add a listed medication' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Insulin']);
    expect(searches()).toEqual(['/api/medical-terms?search=insu&category=medication&lang=en&limit=8']);
  });

  it('asks a search once: typing back to it shows the kept answer', async () => {
    const { picker } = renderForm();
    type(picker(), 'pe');
    expect(await suggestionsShown()).toHaveLength(3);
    type(picker(), 'pen');
    await waitFor(() => expect(shownIn()).toEqual(['Penicillin']));
    type(picker(), 'pe');
    await waitFor(() => expect(shownIn()).toEqual(['Penicillin', 'Peanuts', 'Pecan nuts']));
    await pastTheTypingPause();
    expect(searches()).toEqual([
      '/api/medical-terms?search=pe&category=allergen&lang=en&limit=8',
      '/api/medical-terms?search=pen&category=allergen&lang=en&limit=8',
    ]);
  });

  it('says when nothing on the list matches, and the owner writes it in the field instead', async () => {
    const { picker } = renderForm();
    type(picker(), 'mango');
    expect(await screen.findByText('Not on the list: write it in the box below.')).toBeTruthy();
    expect(picker().getAttribute('aria-expanded')).toBe('false');
  });
  it('says when the list cannot be searched, so the owner writes the entry instead', async () => {
    api.route('GET /api/medical-terms', errorReply(503, 'Service unavailable', { code: 'SERVICE_UNAVAILABLE' }));
    const { picker } = renderForm();
    type(picker(), 'peni');
    expect(await screen.findByText('The list cannot be searched now: write it in the box below.')).toBeTruthy();
    expect(picker().getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the form’s list picker: keyboard', () => {
  it('moves with the arrow keys, wrapping at either end, and marks the active suggestion', async () => {
    const { picker } = renderForm();
    type(picker(), 'pe');
    const [penicillin, peanuts, pecan] = await suggestionsShown();
    expect(picker().getAttribute('aria-activedescendant')).toBeNull();

    press(picker(), 'ArrowDown');
    expect(picker().getAttribute('aria-activedescendant')).toBe(penicillin!.id);
    expect(penicillin!.getAttribute('aria-selected')).toBe('true');
    press(picker(), 'ArrowDown');
    expect(picker().getAttribute('aria-activedescendant')).toBe(peanuts!.id);
    expect(penicillin!.getAttribute('aria-selected')).toBe('false');
    press(picker(), 'ArrowUp');
    press(picker(), 'ArrowUp');
    expect(picker().getAttribute('aria-activedescendant')).toBe(pecan!.id);
    press(picker(), 'ArrowDown');
    expect(picker().getAttribute('aria-activedescendant')).toBe(penicillin!.id);
  });

  it('adds the active entry on Enter, without sending the form, and stays ready for the next', async () => {
    const { picker, allergies } = renderForm();
    type(allergies(), 'bee stings (swelling)');
    picker().focus();
    type(picker(), 'peni');
    await suggestionsShown();
    press(picker(), 'ArrowDown');
    // false: the key's default (sending the form) was prevented.
    expect(press(picker(), 'Enter')).toBe(false);

    expect(allergies().value).toBe('bee stings (swelling), Penicillin');
    expect(picker().value).toBe('');
    expect(document.activeElement).toBe(picker());
    expect(picker().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      'Penicillin added to Allergies.',
    );
    expect(screen.getByTestId('listed-entries').textContent).toBe(
      'On the list: Penicillin. Responders read it in their own language.',
    );

    type(picker(), 'pea');
    await waitFor(() => expect(shownIn()).toEqual(['Peanuts']));
    press(picker(), 'ArrowDown');
    press(picker(), 'Enter');
    expect(allergies().value).toBe('bee stings (swelling), Penicillin, Peanuts');
    expect(screen.getByTestId('listed-entries').textContent).toBe(
      'On the list: Penicillin, Peanuts. Responders read these in their own language.',
    );
  });

  it('does nothing on Enter with no suggestion active, and never sends the form while a search is typed', async () => {
    const { picker, allergies, onSubmit } = renderForm();
    type(picker(), 'peni');
    await suggestionsShown();
    expect(press(picker(), 'Enter')).toBe(false);
    expect(allergies().value).toBe('');
    expect(picker().value).toBe('peni');
    await settle();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('closes on Escape, then clears the box on a second Escape', async () => {
    const { picker, allergies } = renderForm();
    type(picker(), 'pe');
    await suggestionsShown();
    press(picker(), 'ArrowDown');
    press(picker(), 'Escape');
    expect(picker().getAttribute('aria-expanded')).toBe('false');
    expect(picker().getAttribute('aria-activedescendant')).toBeNull();
    expect(document.getElementById(picker().getAttribute('aria-controls')!)?.hidden).toBe(true);
    expect(picker().value).toBe('pe');

    // Enter after Escape picks nothing: the suggestion it pointed at is gone.
    press(picker(), 'Enter');
    expect(allergies().value).toBe('');

    press(picker(), 'ArrowDown');
    expect(picker().getAttribute('aria-expanded')).toBe('true');
    press(picker(), 'Escape');
    press(picker(), 'Escape');
    expect(picker().value).toBe('');
  });

  it('closes without picking when Tab leaves the box', async () => {
    const { picker, allergies } = renderForm();
    type(picker(), 'pe');
    await suggestionsShown();
    press(picker(), 'ArrowDown');
    expect(press(picker(), 'Tab')).toBe(true);
    expect(picker().getAttribute('aria-expanded')).toBe('false');
    expect(allergies().value).toBe('');
  });
});

describe('the form’s list picker: the field’s text', () => {
  it('adds a clicked suggestion, keeping the focus in the box', async () => {
    const { picker, allergies } = renderForm();
    picker().focus();
    type(picker(), 'pea');
    const [peanuts] = await suggestionsShown();
    // The press keeps the focus where it is; the click picks.
    expect(fireEvent.mouseDown(peanuts!)).toBe(false);
    fireEvent.click(peanuts!);
    expect(allergies().value).toBe('Peanuts');
    expect(document.activeElement).toBe(picker());
  });

  it('marks an entry the text already names and does not add it twice', async () => {
    const { picker, allergies } = renderForm({ ...emptyMedicalForm(), allergies: 'penicillin\n' });
    type(picker(), 'peni');
    const [penicillin] = await suggestionsShown();
    expect(penicillin!.textContent).toBe('PenicillinAdded');
    press(picker(), 'ArrowDown');
    press(picker(), 'Enter');
    expect(allergies().value).toBe('penicillin\n');
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      'Penicillin is already in Allergies.',
    );
  });

  it('sends the picked entries with the rest of the text, and the chosen language of the text', async () => {
    const { picker, onSubmit, container } = renderForm();
    fillMedicalForm(container, { ...completeAnswers, allergies: 'Bee stings', medicalConditions: '' });
    type(picker(), 'peni');
    await suggestionsShown();
    press(picker(), 'ArrowDown');
    press(picker(), 'Enter');
    type(picker('Add a listed condition'), 'epil');
    await screen.findByRole('listbox', { name: 'Add a listed condition' });
    press(picker('Add a listed condition'), 'ArrowDown');
    press(picker('Add a listed condition'), 'Enter');
    fireEvent.change(screen.getByLabelText('Written in'), { target: { value: 'es' } });

    fireEvent.click(screen.getByRole('button', { name: 'Generate QR Code' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      allergies: 'Bee stings, Penicillin',
      medicalConditions: 'Epilepsy',
      writtenIn: 'es',
    });
  });
});

describe('the form’s “Written in”', () => {
  it('starts in English, lists the languages by their own names and shows a record’s language', () => {
    const { unmount } = renderForm();
    const writtenIn = screen.getByLabelText('Written in') as HTMLSelectElement;
    expect(writtenIn.value).toBe('en');
    expect([...writtenIn.options].map((option) => option.textContent)).toEqual([
      'English',
      'Español',
      'Français',
      'Deutsch',
      'Italiano',
      'Português',
      'Polski',
      'Русский',
      'العربية',
      '简体中文',
      '日本語',
      'हिन्दी',
    ]);
    expect(writtenIn.getAttribute('aria-describedby')).toBeTruthy();
    unmount();

    renderForm({ ...emptyMedicalForm(), writtenIn: 'fr' });
    expect((screen.getByLabelText('Written in') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Français');
  });
});
