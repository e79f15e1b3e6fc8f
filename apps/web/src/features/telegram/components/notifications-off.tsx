import { Alert } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';

/** Said plainly when the server has no bot token (docs/requirements.md#messaging). */
export function NotificationsOff() {
  return (
    <Alert color="yellow" icon={<IconBellOff size={18} />} title="Telegram notifications are off">
      The server has no Telegram bot token (TELEGRAM_BOT_TOKEN), so no message is sent. Groups and alarm
      settings can be prepared now; notifications start once the administrator configures the bot.
    </Alert>
  );
}
