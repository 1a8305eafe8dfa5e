import { describe, expect, it } from 'vitest';
import { passwordWeakness } from './password-strength.ts';

const ada = ['ada.lovelace@example.com', 'Ada', 'Lovelace'];
const advice = 'Choose a longer one, such as three or four unrelated words.';

describe('password strength', () => {
  it.each(['password', '12345678', 'qwertyuiop'])(
    'refuses %s as one of the most common passwords',
    (password) => {
      expect(passwordWeakness(password, ada)).toBe(
        `This password is too easy to guess: it is one of the most common passwords. ${advice}`,
      );
    },
  );

  it.each(['ada.lovelace@example.com', 'AdaLovelace', 'lovelace1', 'ada.lovelace'])(
    'refuses %s as made of the e-mail or names',
    (password) => {
      expect(passwordWeakness(password, ada)).toBe(
        `This password is too easy to guess: it contains your name or e-mail address. ${advice}`,
      );
    },
  );

  it('says why for keyboard rows, repeats and dates', () => {
    expect(passwordWeakness('zxcvbnm,./', ada)).toMatch(
      /too easy to guess: it is a row of neighbouring keys\./,
    );
    expect(passwordWeakness('aaaaaaaaa', ada)).toMatch(/too easy to guess: it repeats or counts characters/);
    expect(passwordWeakness('19/07/1985', ada)).toMatch(
      /too easy to guess: dates and years are easy to guess/,
    );
  });

  it.each([
    'podflow-demo',
    'correct horse battery',
    'first-Passw0rd',
    'a brand new secret',
    'remembered now',
  ])('accepts %s (the demo and test passwords)', (password) => {
    expect(passwordWeakness(password, ada)).toBeUndefined();
  });
});
