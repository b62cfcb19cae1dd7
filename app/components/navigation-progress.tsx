import { Box } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import classes from "./navigation-progress.module.css";

const MINIMUM = 0.08;
const SPEED_MS = 200;

/**
 * A thin bar at the top while a navigation is pending (minimum 0.08, speed 200 ms, spec §9).
 * It creeps towards the end while waiting and completes when the page arrives.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  useEffect(() => {
    if (busy) {
      setVisible(true);
      setProgress(MINIMUM);
      timer.current = setInterval(() => {
        setProgress((p) => Math.min(0.994, p + (1 - p) * 0.1));
      }, SPEED_MS);
      return () => clearInterval(timer.current);
    }
    setProgress((p) => (p > 0 ? 1 : 0));
    const hide = setTimeout(() => {
      setVisible(false);
      setProgress(0);
    }, SPEED_MS * 2);
    return () => clearTimeout(hide);
  }, [busy]);

  return (
    <Box
      className={classes.bar}
      data-visible={visible || undefined}
      style={{ transform: `scaleX(${progress})`, transitionDuration: `${SPEED_MS}ms` }}
      role="progressbar"
      aria-label={t("navbar:shell.states.loading")}
      aria-hidden={!visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
    />
  );
}
