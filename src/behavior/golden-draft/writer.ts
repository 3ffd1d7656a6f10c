/** The questions a drafting model is asked, and how its JSON answer is read back (leniently: it is a draft). */

import { ModelError, type ModelClient } from '../../models/types.js';
import { EXIT } from '../../shared/exit-codes.js';
import { InputError } from '../../shared/input-error.js';
import { firstJsonObject } from '../model-answer.js';

const INSTRUCTIONS =
  'You write test cases for an MCP server. Given one tool (and the names of the others), answer with JSON only: ' +
  '{"positives": [{"prompt": "<a request a user would type that needs this tool>", "arguments": {<the arguments the tool should get>}}], ' +
  '"negatives": ["<a request near this tool\'s domain that no tool of the server fits>"]}. Two positives, one negative. ' +
  'For a pair of similar tools you are asked instead for {"prompt": "<a request that needs the first tool and not the second>", "arguments": {...}}.';

/**
 * The model's answer about one tool or pair, or undefined when it held no JSON object. A model that
 * cannot be asked stops the draft with one line: a rejected key is exit code 4, any other failure 5.
 */
export async function askWriter(model: ModelClient, subject: Record<string, unknown>, index: number): Promise<any> {
  let text: string;
  try {
    text = (
      await model.generate({
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: JSON.stringify(subject, null, 2) },
        ],
        tools: [],
        sampleIndex: index,
        temperature: 0,
      })
    ).text;
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    throw new InputError(
      `no golden set drafted: ${error.message}`,
      error.kind === 'rejected-credentials' ? EXIT.missingCredentials : EXIT.inconclusive,
    );
  }
  return parseJson(text);
}

function parseJson(text: string): any {
  const read = firstJsonObject(text);
  return 'value' in read ? read.value : undefined;
}
