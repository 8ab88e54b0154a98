/**
 * /scan, badges and gives kept offline (issue 35, docs/decisions/139-badges-and-counter.md): staff
 * words, loaded with the staff part.
 */
export const scan = {
  'scan.title': 'Scan to give',
  'scan.description':
    'Choose what to give, then scan each student’s badge or type its code. It works offline too.',
  'scan.chooseTitle': 'What to give',
  'scan.loadingActions': 'Loading what you may give',
  'scan.giving': 'Each badge gets: {name} ({points})',
  'scan.change': 'Change',
  'scan.chooseFirst': 'Choose what to give, then scan.',
  'scan.cameraTitle': 'Camera',
  'scan.camera': 'Camera view',
  'scan.cameraOn': 'Turn the camera on',
  'scan.cameraOff': 'Turn the camera off',
  'scan.cameraStarting': 'Opening the camera…',
  'scan.scanning': 'Hold a badge’s QR code in front of the camera.',
  'scan.noCamera': 'No camera could be opened. Type the badge code below instead.',
  'scan.codeLabel': 'Badge code',
  'scan.codeHint': 'As printed under the QR code, for example K7QH-MZP9T.',
  'scan.codeGive': 'Give',
  'scan.notABadge': '“{code}” is not a badge code: check it and try again.',
  'scan.unknownOffline':
    'This badge is not on this device’s lists: give to it once the network is back.',
  'scan.lookupFailed': 'Nothing given to {code}: {message}',
  'scan.resultsTitle': 'Latest gives',
  'scan.noResults': 'Nothing given yet.',
  'scan.resultLine': '{name}: {action} {points}',
  'scan.statusSending': 'Sending…',
  'scan.statusGiven': 'Given',
  'scan.statusWaiting': 'Kept on this device: waiting to send',
  'scan.statusRefused': 'Not accepted: {message}',
  'scan.statusUndone': 'Taken back',
  'scan.statusUndoing': 'Taking back…',
  'scan.statusUndoFailed': 'Could not take back: {message}',
  'scan.undo': 'Undo',
  'scan.undoOf': 'Undo the give to {name}',
  'scan.offline':
    'You are offline. Gives are kept on this device and sent when the network returns.',
  'scan.waiting': 'Waiting to send ({count})',
  'scan.sendNow': 'Send now',
  'scan.refusedTitle': 'Gives the server did not accept',
  'scan.refusedIntro':
    'These gives were made offline and refused when sent. Read why, then drop them (nothing was given).',
  'scan.refusedLine': '{name}: {action} {points}, made {when}',
  'scan.drop': 'Drop',
  'scan.dropOf': 'Drop the give to {name}',
  'scan.badges.print': 'Print badges',
  'scan.badges.introClass':
    'A PDF with a badge for each student of {name}: their name, picture or initials, the school code and a QR code to scan.',
  'scan.badges.introChosen':
    'A PDF with a badge for each of the {count, plural, one {# student} other {# students}} you chose: their name, picture or initials, the school code and a QR code to scan.',
  'scan.badges.keep':
    'A student keeps their badge code: badges printed before keep working. A lost badge is replaced from Settings → Users and roles.',
  'scan.badges.download': 'Download the badges',
  'scan.badges.done': 'The PDF is downloading.',
  'scan.badges.failed': 'No badges were made',
  'scan.badges.printChosen': 'Print badges for the chosen students',
  'scan.badges.printClass': 'Print the class’s badges',
  'scan.badges.replace': 'Replace badge',
  'scan.badges.replaceOf': 'Replace the badge of {name}',
  'scan.badges.replaceTitle': 'Replace the badge of {name}?',
  'scan.badges.replaceWarning':
    'The student gets a new badge code and their old badge stops working at once. Print the new badge afterwards.',
  'scan.badges.replaceConfirm': 'Replace the badge',
  'scan.badges.replaced': 'New badge for {name}: {code}',
  'scan.badges.printNew': 'Print the new badge',
  'scan.badges.replaceFailed': 'The badge was not replaced',
} as const;
