/**
 * Chromium's switches for the browser tests and the benches (the machine's Chromium, headless,
 * driven by Playwright).
 *
 * Chromium keeps only the last `--disable-features` on its command line, and Playwright puts one of
 * its own before ours: the one here repeats Playwright's list (`disabledFeatures` in playwright-core's
 * chromiumSwitches.ts; chromium-args.test.ts fails when an upgrade changes it) and adds the
 * omnibox's pop-up. Headless Chromium renders that pop-up, two WebUI pages, in a renderer of its own
 * for every new window, that is every browser context: about 0.2 s of CPU and 0.7 s before the
 * page is ready, measured here, for a box that no test opens.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

const OMNIBOX_POPUP_WEBUI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * Headless without a sandbox (root in a container) or a GPU, and without the browser's own network
 * traffic, which this machine's closed network refuses.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_WEBUI].join(',')}`,
];
