import { type ZxcvbnResult, ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * zxcvbn's score runs 0 (among the most common) to 4; 2 means about a million guesses or more,
 * out of reach of online guessing under the sign-in throttle, and still lets a seller pick three
 * ordinary words.
 */
export const minimumPasswordScore = 2;

let zxcvbn: ZxcvbnFactory | undefined;

/** Built on first use: the dictionaries take about a tenth of a second to load. */
function estimator(): ZxcvbnFactory {
  zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return zxcvbn;
}

/** The first reason, in this order, that zxcvbn's matches give for a guessable password. */
function reason(result: ZxcvbnResult): string {
  const matches = result.sequence;
  if (matches.some((m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs')) {
    return 'it contains your name or e-mail address';
  }
  if (matches.some((m) => m.pattern === 'dictionary' && m.dictionaryName.startsWith('passwords'))) {
    return 'it is one of the most common passwords';
  }
  if (matches.some((m) => m.pattern === 'spatial')) return 'it is a row of neighbouring keys';
  if (matches.some((m) => m.pattern === 'repeat' || m.pattern === 'sequence')) {
    return 'it repeats or counts characters, like aaaa or 1234';
  }
  if (matches.some((m) => m.pattern === 'date' || m.pattern === 'regex')) {
    return 'dates and years are easy to guess';
  }
  return 'it is short or made of common words';
}

/**
 * Why a new password is too easy to guess, as a sentence a user reads, or undefined when it is
 * strong enough. `personal` holds what an attacker would try first: the e-mail and the names.
 */
export function passwordWeakness(password: string, personal: string[]): string | undefined {
  const inputs = personal.flatMap((value) => {
    const trimmed = value.trim().toLowerCase();
    const local = trimmed.split('@')[0] ?? '';
    return local && local !== trimmed ? [trimmed, local] : [trimmed];
  });
  const result = estimator().check(password, inputs.filter(Boolean));
  if (result.score >= minimumPasswordScore) return undefined;
  return `This password is too easy to guess: ${reason(result)}. Choose a longer one, such as three or four unrelated words.`;
}
