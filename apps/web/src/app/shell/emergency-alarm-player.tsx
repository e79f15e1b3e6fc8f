import { ActionIcon, Button } from '@mantine/core';
import { IconVolumeOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import alarmSoundUrl from '../../assets/alarm.wav';
import { emergencyAlarmStore, stopEmergencySound } from '../../lib/emergency-alarm.ts';
import { useExternalStore } from '../../lib/external-store.ts';
import { usePhoneWidth } from '../../lib/use-phone-width.ts';

/**
 * Loops the bundled alarm sound while an emergency alarm is sounding and shows the
 * stop-alarm-sound button (docs/requirements.md#emergency-alarm); on a phone the button is its icon
 * alone, so the top bar keeps room for the page title.
 */
export function EmergencyAlarmPlayer() {
  const { sounding } = useExternalStore(emergencyAlarmStore);
  const audio = useRef<HTMLAudioElement>(null);
  const [blocked, setBlocked] = useState(false);
  const phone = usePhoneWidth();
  const label = blocked ? 'Play alarm' : 'Stop alarm sound';
  const onClick = () => {
    if (blocked) {
      setBlocked(false);
      void audio.current?.play();
      return;
    }
    stopEmergencySound();
  };

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    if (sounding) {
      element.currentTime = 0;
      element.play().then(
        () => setBlocked(false),
        // The browser refused autoplay (no user gesture yet): the button below starts it.
        () => setBlocked(true),
      );
    } else {
      element.pause();
    }
  }, [sounding]);

  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: an alarm tone has no speech to caption */}
      <audio
        ref={audio}
        src={alarmSoundUrl}
        loop
        preload="auto"
        aria-label="Emergency alarm sound"
        data-testid="emergency-alarm-audio"
      />
      {sounding &&
        (phone ? (
          <ActionIcon
            color="red"
            variant="filled"
            size="lg"
            className="tw-pulse"
            aria-label={label}
            onClick={onClick}
          >
            <IconVolumeOff size={18} />
          </ActionIcon>
        ) : (
          <Button
            color="red"
            size="xs"
            className="tw-pulse"
            leftSection={<IconVolumeOff size={16} />}
            onClick={onClick}
          >
            {label}
          </Button>
        ))}
    </>
  );
}
