// The help page's text (English).
import type { HelpContent } from './help-content.ts';

const en: HelpContent = {
  intro:
    'CamWatch lets you watch live and recorded (archive) video of your network cameras in the browser. This page explains the basics and what each right allows.',
  tocLabel: 'Contents',
  backToApp: 'Back to the service',
  sections: [
    {
      id: 'login',
      title: 'Logging in',
      paragraphs: [
        'Log in with your registered e-mail address and password. The address is checked when you leave its field, and the login button stays disabled until both fields are valid.',
        'If you forgot your password, choose “Forgot your password?” and send your e-mail address. You receive the address of a password reset page by mail (valid for one hour, once).',
        'When login fails, the screen tells you why: wrong login ID or password, account locked by its parent account or an administrator, IP address restriction, failed device authentication, or a temporary lock after repeated failures.',
      ],
      steps: [
        'Enter your e-mail address and password on the login screen.',
        'Choose the language (日本語 / English) if needed. The choice is kept and the page reloads.',
        'Press “Log in”: the camera list (or the page you were opening) appears.',
      ],
    },
    {
      id: 'cameras',
      title: 'Finding and filtering cameras',
      paragraphs: [
        'The camera list has four views: list, tile, map and multi. Up to 50 cameras show per page; use the pager to move between pages.',
        'Type keywords in the header’s search box to search camera names, places and addresses. Separate several keywords with spaces or commas, or pick one of your recent searches (up to 5).',
      ],
      items: [
        'The filter dialog narrows the list by prefecture and city, tags, functions (motion detection, PTZ and so on) and state (down cameras only).',
        'Choosing a tag in the side menu shows only that tag’s cameras.',
        'When no camera matches, “Clear conditions” shows every camera again.',
        'When a camera is down, a notice appears above the list; its button shows only the down cameras.',
      ],
    },
    {
      id: 'watch',
      title: 'Watching live and recorded video',
      paragraphs: [
        'Choose a camera to open its detail page. The LIVE switch changes between live and recorded video (live needs the live right, recordings the archive right).',
        'Recordings are one-minute clips: choose a time on the hour strip. Minutes with motion are marked. Play at 1, 2, 4, 8 or 12 times speed; at the end of a minute the next one plays.',
      ],
      items: [
        '“Skip to latest” jumps to the recording of two minutes ago.',
        'Screenshots can be saved while live video shows.',
        'Full screen, volume and video information (date and time, motion detection area) are buttons of the player.',
        'The more-menu holds PTZ (pan, tilt, zoom) and lighting control when the camera supports them and you have the right.',
      ],
    },
    {
      id: 'download',
      title: 'Downloading recordings',
      paragraphs: [
        'In the detail page’s more-menu, “Archive download” makes an MP4 file of a range of up to 24 hours. It needs both the archive and the batch download rights.',
        'When the file is ready, a download notification arrives with the link. Files are kept for 7 days. Each camera allows 50 GB of downloads per month.',
      ],
    },
    {
      id: 'heatmap',
      title: 'Heat map',
      paragraphs: [
        'The side menu’s “Heat map” (or the “Heat map” button of a camera’s detail page) shows in colour where people were in a camera’s picture. The picture is divided into 32 × 18 cells; the time the feet of the people seen were in a cell is added up over people (person-minutes), and the more, the redder. It needs the heat map right and a camera with the heat map function.',
        'Choose the cameras (up to 10), the period (by default 31 days ago to yesterday; today can be chosen), the hours of the day and the weekdays. The choices stay in the address, so the address opens the same view. “Compare with another period” shows two periods side by side on one colour scale, with the change of the total.',
        'Point at a cell, or click the picture and move with the arrow keys, to read that cell’s value in minutes.',
        '“Batch download” (it needs the batch download right) makes the heat map images (PNG, with the legend and the period) of the chosen cameras, hours and weekdays, one per day or one for the whole period, into one ZIP file. Making it may take a while; a notification (Download) arrives when it is ready. The file is kept for 7 days and counts against this month’s download allowance. “Recent downloads” shows the progress and the earlier files.',
      ],
      items: [
        'Only analysed recordings count. Time that was not analysed (no recording, analysis still running) is missing; a period without any analysed recording says “No analysed recordings in this period”.',
        'People who were not detected (small in the picture, hidden, in the dark) are missing.',
        'Where feet stood is estimated from the video and is a guide. People who stand still count longer.',
      ],
    },
    {
      id: 'notifications',
      title: 'Notifications and push',
      paragraphs: [
        'The bell in the header shows how many notifications are unread. The notification page has a tab per type (announcements, motion, camera monitor, downloads and more); opening a tab marks that type read.',
        'Camera monitor: when a camera stops reporting you are notified that it is down, and again when it recovers.',
        'Motion: switch on motion notifications for a camera in its information dialog (camera list). You are notified when motion is found in its recordings, at most once per camera in a cooldown period (10 minutes by default).',
        'Push: in the settings, let this browser receive push notifications to see them even when the page is closed. If the browser blocks notifications, allow them in the browser’s site settings.',
      ],
    },
    {
      id: 'device-auth',
      title: 'Device authentication',
      paragraphs: [
        'With device authentication on, you can log in only from registered devices (browsers). Changing it needs the device authentication right.',
      ],
      steps: [
        'In the settings, register the browser you are using as a device.',
        'Switch device authentication on (it cannot be switched on unless this browser is registered, so you cannot lock yourself out).',
        'Register every other device you use on that device. Remove devices you no longer use in the settings. A parent account can clear a child account’s devices.',
      ],
    },
    {
      id: 'about',
      title: 'About this service',
      paragraphs: [
        'CamWatch is a cloud service for watching network camera video. The version number is shown at the bottom of the screen; release information is under “Releases” in the side menu.',
        'Recommended browsers: current versions of Google Chrome, Microsoft Edge, Mozilla Firefox and Safari. Older browsers may not work correctly.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      paragraphs: [
        'For questions or problems, send a message with “Feedback” at the side of the screen, or contact your administrator or the support desk.',
        'If an error keeps coming back, tell us the message shown, when it happened and which screen was open: it makes the investigation faster.',
      ],
    },
  ],
  rights: {
    sectionId: 'rights',
    title: 'What each right means',
    intro:
      'Rights are given per account. See your own under “Check privileges” in the user menu. Actions you have no right for say “You do not have permission”.',
    nameHeader: 'Right',
    meaningHeader: 'Meaning',
    meanings: {
      live: 'Watch live video.',
      archive:
        'Watch recordings (archive). Also needed for the LIVE switch, skip to latest and the multi-video date picker.',
      ptz: 'Control pan, tilt and zoom. Needs the live right too.',
      modPassword: 'Change your own password.',
      modDevauth: 'Change the device authentication settings.',
      heatmap: 'See the heat map (the side menu’s “Heat map”).',
      analytics: 'See the people counter.',
      configMotion: 'Set up motion detection.',
      configEnterAlert: 'Set up enter alerts (TLT modes only).',
      configPersonTracking: 'Set up person tracking (TLT modes only).',
      configOperationAnalysis: 'Set up operation analysis (TLT modes only).',
      batchDownload:
        'Batch download of recordings and heat maps. Recordings need the archive right too, heat maps the heat map right.',
      lighting: 'Control lighting. Needs the live right and a service with the lighting feature.',
      debug: 'See the developer debug page (environment, mail sent, browser errors).',
      admin: 'Administrator account: shows the link to the administration system.',
      partner: 'Partner account: shows the link to the partner site.',
    },
  },
  contactLink: 'Open the contact address',
};

export default en;
