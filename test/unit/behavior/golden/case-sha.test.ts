/**
 * The hash of a golden case is part of the gate's contract: a baseline matches cases by id and tells
 * an edited case from an unchanged one by this hash. These are the hashes mcpgate gave the bundled
 * golden sets (and a set using every key) before the golden format moved to a zod schema; an
 * unchanged file must keep them, or every user's baseline reads every case as changed.
 */

import { describe, expect, it } from 'vitest';
import { caseSha256 } from '../../../../src/behavior/golden/case-sha.js';
import { loadGoldenSet, parseGoldenSet } from '../../../../src/behavior/golden/index.js';
import { ROOT } from '../../../helpers/cli.js';

const REFERENCE_SET: Record<string, string> = {
  'weather-paris-now': 'dd69f8f1a6d34ae226ce9ee51e61234a5d17b30ff0cdd18089d93bdf97f903fe',
  'weather-tokyo-fahrenheit': 'd8019110344e920753ff58fdb29a0973f84721fe624ec52167c297bbdce6d172',
  'weather-sao-paulo-storm': '2e13191166976e1f5f5425483090993bc622d65ef08d72cda626b3d92019b96d',
  'weather-nyc-sunglasses': '42af7440054fccfd3cfef8d3be9a105daa48fd2f9f7354adcc9c1416baa6edb7',
  'forecast-berlin-five-days': '2ef19de9f61b246dc3745c478580c85df6da0adc9f9fd5f5f2039a11febd23b7',
  'forecast-london-week': '391b7a3fb5159d8396b41c589a58e6a9a81c8c25c34b65e552081c840f57b9cc',
  'forecast-sydney-tomorrow': '758927e1acf56e269e7c963a872426b45d32fbadb9d0cd05f0b1931913dbc828',
  'convert-usd-to-eur': '617443f9db78202f72eebe8a57c9bc0b251a170413289075b66db87a7294d1fe',
  'convert-pounds-to-yen': '0e545bbea3687570e41f41ad095aa7ff4277e7bff67883eed6a5d09b639a5dd5',
  'convert-francs-decimal': '69b8850d749646868a24918d1a85768bf9575bcc9bf0e6815f79fd4f1a5b9b59',
  'customer-by-email': '00ad6cafb8f20238ba663d0cc29307c703003b5a33c6811f4c06546d8770a66d',
  'customer-plan-by-id': '7c655caf0a0c89a0d84d71191301b3dd31e452e2a027bfd078d4fb240e0be6cb',
  'invoices-overdue': '2143548991b9654069c38b6db1f34bb732fe5b76997d69e8d2ad8a9bd848f1af',
  'invoices-for-customer': '1938e4b25c3c5b295424be2ad5e8c29697bf4814b8e4741f1a28184946325b44',
  'invoices-issued-in-may': '514cd54a168ada73b19b42d5b603760b62f5a056a601118eabec901c35ee555b',
  'create-invoice-retainer': '6673b084c829c4e84c2be9969e98f693dc91b203ee8f61fb29d255645c025ca7',
  'delete-duplicate-draft': '4cd13b9f8a4d4c3fec9911678f851785bab713a53b69836bdc7a9bdcd67c186d',
  'email-overdue-reminder': '20f8dca77d3fd03389fc12da53d31054295a88fbb33c016bf2a78ca6882dbb2e',
  'seq-customer-then-invoices': 'b93a4447544dc63ec7726695eb2c08656e6a3b36df4a9074fb9703406847c52e',
  'seq-weather-then-forecast': 'f5ab7687d1c8f15b5fc44a657190a86296cace6924382ed4eeae5e0bb9c4004b',
  'seq-convert-then-invoice': '09d08aeaf3888ef1c5720511eb8a5f33940190a3795449327a590d4b4e0ec87e',
  'seq-remind-overdue-customer': 'f1040bec0c1cad0e93266383176f5f96c72500bcbb3a0b818a7e1c3f7ebeea04',
  'turns-yen-for-supplier': 'ad3d734ebd42d9cc7dbed4fc71edda8b1a98b77bae9754324411ab1d1f0800fa',
  'turns-city-from-context': 'bded2677728bd2d295df1c8882ac786cecf00176ce562bf0c1c18c1ddd25faa5',
  'turns-customer-email-later': 'bb6323358584da469e9ab5f0cb067752121471ab512779b5977883af0af174e8',
  'none-thanks': '55df780d280522bcca5c33f724201198fb0cd979a92de83e6bb5d441bb60d1bb',
  'none-general-knowledge': 'c431ac35fb7079af9f11783aad5eb416a94de9558268e2c8eeeccc607e75d389',
  'none-arithmetic': '2baf0509944dc2137796e487ebb0fb8610ee5b7e0b1ef8cbb6a07b209ab9e526',
  'none-book-flight': 'b3ae7cb773a3e24be387736b780758e08168a0e9bfcafe5cb7e240f595037ad5',
  'none-translate-not-convert': '7cede796a597b7beea31a94313249841ba27fcbfd8bad76bd72faf89a73e46b6',
  'none-climate-question': 'ed926184f2c6c84a79dcfe38de974731454935ec3a5bda28b134c973b7ba447f',
};

const MRTR_FIXTURE: Record<string, string> = {
  'form-accepted': '2e080afd96cee649d312a9fa7b87e58d38654dec41ad3996e09d4cde09fba896',
  'form-declined': '50db964898de7ecdb2805a60f7cd295b8318cba5609864714248a93ecca69a1b',
  'sampled-summary': '7547e72274f869c516acaf2c0f7db13882e7bdf4a2346ffa4080e8b970998365',
  'two-rounds': '40d3f269eee16912eece7b22a8655a1967fc497092ce1e82005c153515e78cbe',
  'roots-listed': 'd895ea1067ed5de9ce42644fddabd96d17ef94eb6ed0a92c690e9c5f6f2b0892',
  'elicitation-expected-none-asked': 'd8b378b47f4bff81a5efb2e1d6548629b28a915d50d47f0707b4267c69384a40',
};

/** Every key of the format, the defaults folded in, values of every type: each part of the hashed shape is pinned. */
const EVERY_KEY = `defaults:
  kind: hard
  runs: 4
  min_passes: 3
  tags: [edge]
cases:
  - id: every-matcher
    turns: [first, second]
    expect_sequence: [a_tool, b_tool]
    expect_args:
      plain: { from: "2026-05-01", to: null }
      nothing: null
      exact: { match: exact, value: null }
      listed: { match: one_of, values: [1, "two", null] }
      near: { match: numeric, value: 3, tolerance: 0.5 }
      near0: { match: numeric, value: 3 }
      re: { match: regex, pattern: "^x$" }
      sem: { match: semantic, value: some words here }
      skip: { match: ignore }
    forbid_tools: [c_tool]
    rubric: Says something.
    runs: 2
    min_passes: 1
    tags: [more]
    draft: false
  - id: inputs
    prompt: ask me
    expect_tool: a_tool
    inputs:
      - { match: who, action: accept, content: { name: Ada, nested: { deep: [1, 2] } } }
      - action: decline
      - { action: cancel }
    expect_input: { kind: elicitation, message: "^Who", fields: [name] }
  - id: negative
    prompt: hi
    expect_tool: null
    kind: soft
  - id: sampling
    prompt: sample it
    expect_tool: a_tool
    expect_input: sampling
`;

const EVERY_KEY_HASHES: Record<string, string> = {
  'every-matcher': '2bd78ca7d2f8b9e8f1a4ef97d98b7b977d1e2d160b41ecbc1e81c8f2e1620ffa',
  inputs: '7ac3a634358c4e6d020531f5724ad18844a0f851ea8adacdb516005d4ec0a49d',
  negative: 'eee0ab7a477d3aaab51c1f9bc47c075998a4a1f0eec4e2cf9b63dba817975d57',
  sampling: '49f7eddc7a4b9fd184867412a2b15e164ae3744e4ccb3c5bf2d9c0d9d7411177',
};

function hashesOf(cases: ReturnType<typeof parseGoldenSet>['cases']): Record<string, string> {
  return Object.fromEntries(cases.map((c) => [c.id, caseSha256(c)]));
}

describe('caseSha256 of an unchanged file', () => {
  it('is what it was for each case of the reference golden set', () => {
    expect(hashesOf(loadGoldenSet(`${ROOT}/examples/golden/tasks.yaml`).cases)).toEqual(REFERENCE_SET);
  });

  it('is what it was for each case of the MRTR fixture', () => {
    expect(hashesOf(loadGoldenSet(`${ROOT}/test/fixtures/golden-mrtr.yaml`).cases)).toEqual(MRTR_FIXTURE);
  });

  it('is what it was for a set that uses every key', () => {
    expect(hashesOf(parseGoldenSet(EVERY_KEY, 'every-key.yaml').cases)).toEqual(EVERY_KEY_HASHES);
  });

  it('changes when what a case measures changes, and not when its tags or place do', () => {
    const base = parseGoldenSet(EVERY_KEY, 'every-key.yaml').cases;
    const retagged = parseGoldenSet(EVERY_KEY.replace('tags: [more]', 'tags: [other]'), 'every-key.yaml').cases;
    const edited = parseGoldenSet(EVERY_KEY.replace('tolerance: 0.5', 'tolerance: 0.25'), 'every-key.yaml').cases;
    expect(caseSha256(retagged[0]!)).toBe(caseSha256(base[0]!));
    expect(caseSha256(edited[0]!)).not.toBe(caseSha256(base[0]!));
  });
});
