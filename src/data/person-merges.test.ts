import { describe, expect, it } from 'vitest';
import { likelyDuplicates, mailboxKey, oneEditApart } from './person-merges.ts';

const person = (id: string, name: string, email: string, company: string | null = 'Engines', registered = id) => ({
  id,
  name,
  email,
  company,
  registered_at: `2026-01-0${registered}T00:00:00.000Z`,
});

describe('finding likely duplicate records', () => {
  it('reduces an address to its mailbox: case, dots, a +tag and an alias domain do not matter', () => {
    expect(mailboxKey('Ada.Lovelace+events@GoogleMail.com')).toBe('adalovelace@gmail.com');
    expect(mailboxKey('ada.lovelace@engines.example')).toBe(mailboxKey('ADA.LOVE.LACE+x@engines.example'));
    expect(mailboxKey('ada@engines.example')).not.toBe(mailboxKey('ada@engines.example.org'));
  });

  it('tells addresses one edit apart', () => {
    expect(oneEditApart('ada@engines.example', 'ada@engine.example')).toBe(true);
    expect(oneEditApart('ada@engines.example', 'adb@engines.example')).toBe(true);
    expect(oneEditApart('ada@engines.example', 'adda@engines.example')).toBe(true);
    expect(oneEditApart('ada@engines.example', 'ada@engines.example')).toBe(false);
    expect(oneEditApart('ada@engines.example', 'bob@engines.example')).toBe(false);
  });

  it('pairs records of the same name and company whose addresses reach one mailbox or differ by one edit, oldest first', () => {
    const people = [
      person('2', 'Ada Lovelace', 'ada.lovelace+events@engines.example'),
      person('1', 'ada  lovelace', 'Ada.Lovelace@engines.example', 'ENGINES'),
      person('3', 'Grace Hopper', 'grace@navy.example', 'Navy'),
      person('4', 'Grace Hopper', 'grace@navvy.example', 'Navy'),
      // Same address pattern, other company: not the same person by this rule.
      person('5', 'Ada Lovelace', 'ada.lovelace@engines.example', 'Other Ltd'),
      // Same name and company, a different address altogether: two people.
      person('6', 'Alan Turing', 'alan@bletchley.example', 'Bletchley'),
      person('7', 'Alan Turing', 'a.turing@bletchley.example', 'Bletchley'),
      person('8', 'Zoë Müller', 'zoe@m.example', null),
      person('9', 'Zoe Muller', 'zoe@m.example', null),
    ];
    expect(likelyDuplicates(people).map((pair) => [pair.older.id, pair.newer.id, pair.reason])).toEqual([
      ['1', '2', 'Same name and company; the addresses reach one mailbox'],
      ['3', '4', 'Same name and company; the addresses differ by one character'],
      ['8', '9', 'Same name and company; the addresses reach one mailbox'],
    ]);
  });
});
