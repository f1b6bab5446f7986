// The video pages' texts: the specification's catalogue (sections 5 and 8) spelled exactly, and our own.
export const videoTexts = {
  oopsTitle: 'Oops',
  oopsMessage: 'Something went wrong, try reloading the page?',
  selectTable: 'Please select a table',
  alreadyJoined: 'You are already joined to chat',
  unknownTableTitle: 'Unknown table',
  unknownTableMessage: 'You have selected an unknown table, please hang up and try again?',
  peerConnectionFailed: 'An error occurred while setting up the peer connection, please try reloading the page.',
  mediaErrorTitle: 'Media Error',
  mediaErrorMessage: 'Failed to get media from selected camera',
  noCamera: 'No camera devices detected on this device',
  noMicrophone: 'No audio devices detected on this device',
  leaveTitle: 'Leave Chat',
  confirmContinue: 'Are you sure you want to continue?',
  chooseMedia: 'Choose Media',
  // Our own.
  refusedTitle: 'You cannot join this table',
  permissionHint: "Allow this site to use your camera and microphone in your browser's settings, then try again.",
  noKey:
    "This page opens on your event's tables. When you have a seat in an event in play, it is listed below; else open Bridge Results in your console, or your event's results page, and choose \u201cJoin the table's video\u201d.",
  joinVideo: "Join the table's video",
  waitingForOthers: 'Waiting for the other players',
  reconnecting: 'Connection lost. Reconnecting…',
} as const;
