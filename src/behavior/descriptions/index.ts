/** Descriptions served in place of the server's (`--descriptions`): loading, the rewriting layer, the fingerprint. */

export { loadDescriptions, parseDescriptions, type DescriptionOverrides, type ToolOverride } from './load.js';
export { applyDescriptions, describedSession, withDescriptions } from './apply.js';
