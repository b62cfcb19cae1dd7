import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/** The floor page's build: the app's Vite and React Router plugin, nothing of the app itself. */
export default defineConfig({ plugins: [reactRouter()] });
