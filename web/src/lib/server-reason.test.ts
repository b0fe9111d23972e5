// Server reasons in the reader's language (issue 17 point 5): every reason the contract names has a text in
// both catalogs, and a refused field reads in Japanese, never in the server's English.
import { conflictReasons, fieldErrorReasons } from '@camwatch/contract/error-reasons';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../locales/en.ts';
import ja from '../locales/ja.ts';
import { ApiError } from './api-client.ts';
import { setCatalog } from './i18n.ts';
import {
  anyFieldReasonText,
  conflictReasonText,
  fieldReason,
  fieldReasonText,
  translatedFieldErrors,
} from './server-reason.ts';

const refused = (field: string, message: string, reason?: string) =>
  new ApiError(400, { errors: { [field]: [message] }, ...(reason ? { codes: { [field]: [reason] } } : {}) });

beforeEach(() => setCatalog('ja', ja));

describe('server reasons', () => {
  it('has a Japanese and an English text for every reason of the contract', () => {
    for (const reason of [...fieldErrorReasons, ...conflictReasons]) {
      expect(ja.serverReasons[reason], reason).toMatch(/\S/);
      expect(en.serverReasons[reason], reason).toMatch(/\S/);
    }
  });

  it('reads the new password equal to the current one in Japanese, not the server’s English', () => {
    const error = refused('password', 'must differ from the current password', 'same_as_current');
    expect(fieldReason(error, 'password')).toBe('same_as_current');
    expect(fieldReasonText(error, 'password')).toBe(ja.serverReasons.same_as_current);
    expect(anyFieldReasonText(error)).toBe(ja.serverReasons.same_as_current);
    setCatalog('en', en as unknown as typeof ja);
    expect(fieldReasonText(error, 'password')).toBe('The new password must differ from the current one');
  });

  it('lets a field word a reason its own way, with values', () => {
    const error = refused('tag_name', 'a tag with this name already exists', 'taken');
    expect(fieldReasonText(error, 'tag_name', { taken: 'tags.errors.duplicate' })).toBe(
      ja.tags.errors.duplicate,
    );
    const short = refused('password', 'must be at least 6 characters', 'too_short');
    expect(
      fieldReasonText(short, 'password', { too_short: 'serverReasons.passwordTooShort' }, { min: 6 }),
    ).toBe('パスワードは6文字以上にしてください');
  });

  it('falls back to the generic text for a reason this build does not know, or none given', () => {
    expect(fieldReasonText(refused('x', 'new rule', 'brand_new_rule'), 'x')).toBe(ja.serverReasons.generic);
    expect(fieldReasonText(refused('x', 'older server'), 'x')).toBe(ja.serverReasons.generic);
    expect(fieldReasonText(refused('x', 'm', 'taken'), 'other')).toBeUndefined();
    expect(fieldReasonText(new ApiError(500, null), 'x')).toBeUndefined();
  });

  it('translates a whole 400 for forms that place messages by field', () => {
    const error = new ApiError(400, {
      errors: { areaName: ['is already used'], 'entryArea.2.x': ['Too big', 'x'], form: ['whatever'] },
      codes: { areaName: ['taken'], 'entryArea.2.x': ['too_big', 'new_reason'] },
    });
    expect(translatedFieldErrors(error, { areaName: { taken: 'tags.errors.duplicate' } })).toEqual({
      errors: {
        areaName: [ja.tags.errors.duplicate],
        'entryArea.2.x': [ja.serverReasons.too_big, ja.serverReasons.generic],
        form: [ja.serverReasons.generic],
      },
    });
  });

  it('reads a conflict’s reason, and nothing for an unknown one', () => {
    const offline = new ApiError(409, {
      error: { code: 'conflict', message: 'x', reason: 'camera_offline' },
    });
    expect(conflictReasonText(offline)).toBe(ja.serverReasons.camera_offline);
    expect(
      conflictReasonText(new ApiError(409, { error: { code: 'conflict', message: 'x' } })),
    ).toBeUndefined();
  });
});
