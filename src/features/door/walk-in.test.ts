import { describe, expect, it } from 'vitest';
import { checkWalkIn } from './walk-in.ts';

const values = { name: ' Katherine Johnson ', company: 'NASA', jobTitle: '', email: ' Kat@NASA.example ' };

describe('a walk-in at the door', () => {
  it('takes a name and a valid e-mail, trimmed, the e-mail lower-cased, blanks as none', () => {
    expect(checkWalkIn(values)).toEqual({
      person: { name: 'Katherine Johnson', email: 'kat@nasa.example', company: 'NASA', jobTitle: null },
    });
  });

  it('says what is missing or wrong at each field', () => {
    expect(checkWalkIn({ name: ' ', company: '', jobTitle: '', email: '' })).toEqual({
      errors: { name: 'Enter their name', email: 'Enter their e-mail address' },
    });
    expect(checkWalkIn({ ...values, email: 'not an address' })).toEqual({
      errors: { email: 'Enter a valid e-mail address, such as name@company.com' },
    });
    expect(checkWalkIn({ ...values, company: 'x'.repeat(301) })).toEqual({
      errors: { company: 'At most 300 characters' },
    });
  });
});
