/**
 * Notifications a server may send (`ServerNotification`): request-scoped progress and log
 * messages, subscription traffic on a `subscriptions/listen` stream, and cancellation.
 */

import { type JsonSchema, STRING, ref } from './json-schema.js';

/** A notification envelope with a fixed method; `params` is required unless stated otherwise. */
function notification(method: string, params: JsonSchema, paramsRequired = true): JsonSchema {
  return {
    type: 'object',
    properties: { jsonrpc: { type: 'string', const: '2.0' }, method: { type: 'string', const: method }, params },
    required: paramsRequired ? ['jsonrpc', 'method', 'params'] : ['jsonrpc', 'method'],
  };
}

function params(properties: Record<string, JsonSchema>, required: readonly string[]): JsonSchema {
  return { type: 'object', properties: { ...properties, _meta: ref('NotificationMetaObject') }, required };
}

/** Method of each notification a server may send, and the definition that describes it. */
export const SERVER_NOTIFICATIONS = {
  'notifications/progress': 'ProgressNotification',
  'notifications/message': 'LoggingMessageNotification',
  'notifications/subscriptions/acknowledged': 'SubscriptionsAcknowledgedNotification',
  'notifications/tools/list_changed': 'ToolListChangedNotification',
  'notifications/prompts/list_changed': 'PromptListChangedNotification',
  'notifications/resources/list_changed': 'ResourceListChangedNotification',
  'notifications/resources/updated': 'ResourceUpdatedNotification',
  'notifications/cancelled': 'CancelledNotification',
} as const;

export const notificationDefs = {
  NotificationParams: params({}, []),

  ProgressNotificationParams: params(
    { progressToken: ref('ProgressToken'), progress: { type: 'number' }, total: { type: 'number' }, message: STRING },
    ['progressToken', 'progress'],
  ),
  ProgressNotification: notification('notifications/progress', ref('ProgressNotificationParams')),

  LoggingLevel: {
    type: 'string',
    enum: ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'],
  },
  LoggingMessageNotificationParams: params({ level: ref('LoggingLevel'), logger: STRING, data: {} }, ['level', 'data']),
  LoggingMessageNotification: notification('notifications/message', ref('LoggingMessageNotificationParams')),

  SubscriptionsAcknowledgedNotificationParams: params({ notifications: ref('SubscriptionFilter') }, ['notifications']),
  SubscriptionsAcknowledgedNotification: notification(
    'notifications/subscriptions/acknowledged',
    ref('SubscriptionsAcknowledgedNotificationParams'),
  ),

  ToolListChangedNotification: notification('notifications/tools/list_changed', ref('NotificationParams'), false),
  PromptListChangedNotification: notification('notifications/prompts/list_changed', ref('NotificationParams'), false),
  ResourceListChangedNotification: notification('notifications/resources/list_changed', ref('NotificationParams'), false),

  ResourceUpdatedNotificationParams: params({ uri: { type: 'string', format: 'uri' } }, ['uri']),
  ResourceUpdatedNotification: notification('notifications/resources/updated', ref('ResourceUpdatedNotificationParams')),

  // Only ever sent to end a `subscriptions/listen` stream (CA2); checks enforce that rule.
  CancelledNotificationParams: params({ requestId: ref('RequestId'), reason: STRING }, ['requestId']),
  CancelledNotification: notification('notifications/cancelled', ref('CancelledNotificationParams')),
} as const satisfies Record<string, JsonSchema>;
