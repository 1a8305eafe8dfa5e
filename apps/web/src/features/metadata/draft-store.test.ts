import { describe, expect, it, vi } from 'vitest';
import { buildDesign } from '../../test/factories';
import { createDraftStore, savedValues } from './draft-store';

const cat = buildDesign('cat', {
  product_title: 'Cat tee',
  seo_keywords: 'cat',
  product_description: 'Soft.',
});
const dog = buildDesign('dog');

describe('draft store', () => {
  it('keeps an edit as a draft until it is typed back to the saved text', () => {
    const store = createDraftStore();
    store.edit('cat', savedValues(cat), 'product_title', 'Cat tee!');
    expect(store.count()).toBe(1);
    expect(store.draftOf('cat')?.values.product_title).toBe('Cat tee!');
    store.edit('cat', savedValues(cat), 'product_title', 'Cat tee');
    expect(store.count()).toBe(0);
    expect(store.rows([cat, dog])).toEqual([
      { lineitem_id: 'cat', ...savedValues(cat) },
      { lineitem_id: 'dog', ...savedValues(dog) },
    ]);
  });

  it('tells only the edited row, and the page only what it follows', () => {
    const store = createDraftStore();
    const catRow = vi.fn();
    const dogRow = vi.fn();
    store.subscribeRow('cat', catRow);
    store.subscribeRow('dog', dogRow);
    store.edit('cat', savedValues(cat), 'seo_keywords', 'cat, kitten');
    store.edit('cat', savedValues(cat), 'seo_keywords', 'cat, kitten, tabby');
    expect(catRow).toHaveBeenCalledTimes(2);
    expect(dogRow).not.toHaveBeenCalled();
    expect(store.count()).toBe(1);
  });

  it('after a save keeps what was typed while it was on its way', () => {
    const store = createDraftStore();
    store.edit('cat', savedValues(cat), 'product_title', 'Sent title');
    store.edit('dog', savedValues(dog), 'product_title', 'Dog tee');
    const sent = store.rows([cat, dog]);
    store.edit('dog', savedValues(dog), 'product_title', 'Dog tee, typed later');
    store.saved(sent);
    expect(store.draftOf('cat')).toBeUndefined();
    expect(store.draftOf('dog')).toEqual({
      values: { ...savedValues(dog), product_title: 'Dog tee, typed later' },
      base: { ...savedValues(dog), product_title: 'Dog tee' },
    });
    // The list reloads with what was saved: the later edit stays on top of it.
    const savedDog = { ...dog, product_title: 'Dog tee' };
    store.reconcile([{ ...cat, product_title: 'Sent title' }, savedDog]);
    expect(store.rows([savedDog])[0]!.product_title).toBe('Dog tee, typed later');
  });

  it('gives way to text the server wrote meanwhile (AI, import) and forgets deleted designs', () => {
    const store = createDraftStore();
    store.edit('cat', savedValues(cat), 'product_title', 'hint');
    store.edit('dog', savedValues(dog), 'product_title', 'hint');
    const rewritten = { ...cat, product_title: 'Written by AI' };
    store.reconcile([rewritten]);
    expect(store.count()).toBe(0);
    expect(store.rows([rewritten])[0]!.product_title).toBe('Written by AI');
  });
});
