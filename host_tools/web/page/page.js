/**
 * The page: the real firmware on the MicroPython WebAssembly interpreter, drawn and driven here.
 *
 * Python's side is host_tools/web/browser_hal.py (a Hal made of the simulator's parts).
 * This file loads the interpreter and the firmware's sources (python.json), gives the
 * firmware the files the browser kept (localStorage), and then, every few milliseconds,
 * runs one pass of the app's loop with the browser's clock and draws what changed:
 * the 128x64 OLED on a canvas the CSS scales with square pixels, the LED strip, tones
 * (WebAudio), serial lines. Buttons come from clicks and touches (pointer events) and
 * from the simulator's keys. Test hooks: window.pawtrack; ?seeds=count gives the
 * simulator's counting seeds (the same presses, the same games).
 */
import { loadMicroPython } from "./micropython.mjs";

// The simulator's press lengths (host_tools/sim/press_words.py, terminal.py); build.py fills them in.
const HOLDS = __HOLDS__;
const TICK_MS = 8;
const LIT = [170, 220, 255]; // host_tools/sim/render.py's PNG_LIT
const STORE = "pawtrack:file:";
const FOLDERS = "pawtrack:folders";
const KEYS = {
  a: "left", arrowleft: "left", arrowup: "left",
  s: "ok", enter: "ok",
  d: "right", arrowright: "right", arrowdown: "right",
  f: "back", backspace: "back",
};

const params = new URLSearchParams(location.search);
const statusLine = document.getElementById("status");
const oled = document.getElementById("oled");
const ctx = oled.getContext("2d");
const image = ctx.createImageData(128, 64);
const ledBox = document.getElementById("leds");
const serialLog = document.getElementById("serial-log");
const serialInput = document.getElementById("serial-input");
const soundBox = document.getElementById("sound");

const hooks = {
  ready: false, error: null, screen: "", frame: "", leds: [], serial: [], tones: 0,
  loadMs: 0, ticks: 0, drawnAt: 0, slowestTickMs: 0,
  stop() { stopped = true; },
  /** The canvas's pixels as 64 strings of 128 '#' (lit) and '.' (dark), as the simulator's --text. */
  pixels() {
    const data = ctx.getImageData(0, 0, 128, 64).data;
    const rows = [];
    for (let y = 0; y < 64; y++) {
      let row = "";
      for (let x = 0; x < 128; x++) {
        row += data[(y * 128 + x) * 4 + 1] ? "#" : ".";
      }
      rows.push(row);
    }
    return rows;
  },
};
window.pawtrack = hooks;

let mp = null;
let audio = null;
let stopped = false;

function say(text, isError = false) {
  statusLine.textContent = text;
  statusLine.classList.toggle("error", isError);
}

// Files travel to and from Python as hex, and are kept as base64 (a third less room).
function hexToBase64(hex) {
  let text = "";
  for (let i = 0; i < hex.length; i += 2) {
    text += String.fromCharCode(parseInt(hex.substr(i, 2), 16));
  }
  return btoa(text);
}

function base64ToHex(data) {
  const text = atob(data);
  let hex = "";
  for (let i = 0; i < text.length; i++) {
    hex += text.charCodeAt(i).toString(16).padStart(2, "0");
  }
  return hex;
}

function storedFiles() {
  const files = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key.startsWith(STORE)) {
        files[key.slice(STORE.length)] = base64ToHex(localStorage.getItem(key));
      }
    }
    return { files, folders: JSON.parse(localStorage.getItem(FOLDERS) || "[]") };
  } catch (error) {
    console.warn(`no saves from the browser's storage: ${error}`);
    return { files: {}, folders: [] };
  }
}

function keepFiles(changes) {
  try {
    for (const [name, data] of Object.entries(changes.files)) {
      if (data === null) {
        localStorage.removeItem(STORE + name);
      } else {
        localStorage.setItem(STORE + name, hexToBase64(data));
      }
    }
    localStorage.setItem(FOLDERS, JSON.stringify(changes.folders));
  } catch (error) {
    say(`The browser would not keep the saves (${error.name}); play on, but they go with the tab.`);
  }
}

function drawFrame(hex) {
  // The SSD1306's layout: byte (y >> 3) * 128 + x, bit y & 7 (host_tools/sim/render.py).
  const px = image.data;
  for (let y = 0; y < 64; y++) {
    for (let x = 0; x < 128; x++) {
      const index = (y >> 3) * 128 + x;
      const byte = parseInt(hex.substr(index * 2, 2), 16);
      const on = (byte >> (y & 7)) & 1;
      const o = (y * 128 + x) * 4;
      px[o] = on ? LIT[0] : 0;
      px[o + 1] = on ? LIT[1] : 0;
      px[o + 2] = on ? LIT[2] : 0;
      px[o + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
}

function drawLeds(colors) {
  while (ledBox.children.length < colors.length) {
    ledBox.appendChild(document.createElement("span"));
  }
  colors.forEach(([r, g, b], i) => {
    // A lit LED glows: dim colours are shown brighter than their numbers, as eyes see them.
    const lit = r || g || b;
    const scale = lit ? 255 / Math.max(r, g, b, 1) : 0;
    const shown = [r, g, b].map((v) => Math.round(lit ? 60 + (v * scale * 195) / 255 : 0));
    const span = ledBox.children[i];
    span.style.background = `rgb(${shown.join(",")})`;
    span.style.boxShadow = lit ? `0 0 0.6rem rgb(${shown.join(",")})` : "none";
    span.dataset.color = `${r},${g},${b}`;
  });
}

function beep(tones) {
  hooks.tones += tones.length;
  if (!soundBox.checked) {
    return;
  }
  if (!audio) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) {
      return;
    }
    audio = new Context();
  }
  if (audio.state !== "running") {
    audio.resume().catch(() => {}); // allowed only after a click, a touch or a key
    return;
  }
  let at = audio.currentTime;
  for (const [frequency, ms] of tones) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "square";
    osc.frequency.value = frequency;
    gain.gain.value = 0.05;
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + ms / 1000);
    at += ms / 1000;
  }
}

function showSerial(lines, direction) {
  for (const line of lines) {
    hooks.serial.push(direction + line);
    if (hooks.serial.length > 500) {
      hooks.serial.splice(0, 100);
    }
    serialLog.textContent += `${direction}${line}\n`;
  }
  if (serialLog.textContent.length > 20000) {
    serialLog.textContent = serialLog.textContent.slice(-15000);
  }
  serialLog.scrollTop = serialLog.scrollHeight;
}

function python(code) {
  mp.runPython(code);
}

function tick() {
  const began = performance.now();
  try {
    python(`_out = page.tick(${began})`);
    const out = JSON.parse(mp.globals.get("_out"));
    hooks.ticks++;
    hooks.screen = out.screen;
    if (out.frame !== undefined) {
      hooks.frame = out.frame;
      hooks.drawnAt = performance.now();
      drawFrame(out.frame);
    }
    if (out.leds) {
      hooks.leds = out.leds;
      drawLeds(out.leds);
    }
    if (out.tones) {
      beep(out.tones);
    }
    if (out.serial) {
      showSerial(out.serial, "< ");
    }
    if (out.files) {
      keepFiles(out.files);
    }
    hooks.slowestTickMs = Math.max(hooks.slowestTickMs, performance.now() - began);
  } catch (error) {
    fail(error);
    return;
  }
  if (!stopped) {
    setTimeout(tick, TICK_MS);
  }
}

function fail(error) {
  hooks.error = String((error && error.message) || error);
  say(`The firmware stopped: ${hooks.error}`, true);
  console.error(error);
}

// -- buttons ------------------------------------------------------------------------------

const downSince = {};

function setButton(name, down) {
  const element = document.querySelector(`[data-button="${name}"]`);
  element.classList.toggle("down", down);
  if (mp && !hooks.error) {
    const now = performance.now();
    python(`page.button(${JSON.stringify(name)}, ${down ? "True" : "False"}, ${now})`);
  }
}

function press(name) {
  if (downSince[name] !== undefined) {
    return;
  }
  downSince[name] = performance.now();
  setButton(name, true);
  if (audio === null && soundBox.checked) {
    beep([]); // a user's gesture: the moment the browser lets sound start
  }
}

function release(name) {
  const since = downSince[name];
  if (since === undefined) {
    return;
  }
  // A tap shorter than the simulator's short press is held that long, so no tap is lost.
  const rest = HOLDS.short - (performance.now() - since);
  const up = () => {
    delete downSince[name];
    setButton(name, false);
  };
  if (rest > 0) {
    setTimeout(up, rest);
  } else {
    up();
  }
}

function holdFor(name, ms) {
  press(name);
  downSince[name] = performance.now();
  setTimeout(() => release(name), ms);
}

for (const element of document.querySelectorAll("[data-button]")) {
  const name = element.dataset.button;
  element.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    element.setPointerCapture?.(event.pointerId);
    press(name);
  });
  for (const kind of ["pointerup", "pointercancel"]) {
    element.addEventListener(kind, () => release(name));
  }
  element.addEventListener("contextmenu", (event) => event.preventDefault());
}

let nextHold = null; // set by Tab (a long press) or a digit (that many seconds)
const keyHeld = {};

function typing(event) {
  return event.target === serialInput;
}

document.addEventListener("keydown", (event) => {
  if (typing(event) || event.ctrlKey || event.metaKey || event.altKey) {
    return;
  }
  const key = event.key.toLowerCase();
  if (key === "tab") {
    nextHold = HOLDS.long;
    event.preventDefault();
    return;
  }
  if (/^[1-9]$/.test(key)) {
    nextHold = Number(key) * 1000 + HOLDS.margin;
    return;
  }
  const name = KEYS[key];
  if (!name) {
    return;
  }
  event.preventDefault();
  if (event.repeat) {
    return;
  }
  if (event.shiftKey || nextHold !== null) {
    holdFor(name, event.shiftKey && nextHold === null ? HOLDS.long : nextHold);
    nextHold = null;
    return;
  }
  keyHeld[key] = name;
  press(name);
});

document.addEventListener("keyup", (event) => {
  const key = event.key.toLowerCase();
  const name = keyHeld[key];
  if (name) {
    delete keyHeld[key];
    release(name);
  }
});

// A window that loses the focus gets no key releases: let go of every key held.
window.addEventListener("blur", () => {
  for (const [key, name] of Object.entries(keyHeld)) {
    delete keyHeld[key];
    release(name);
  }
});

serialInput.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || !mp) {
    return;
  }
  const line = serialInput.value.trim();
  serialInput.value = "";
  if (line) {
    showSerial([line], "> ");
    try {
      python(`page.feed(${JSON.stringify(line)} + "\\n")`);
    } catch (error) {
      fail(error);
    }
  }
});

// -- start ----------------------------------------------------------------------------------

async function start() {
  const began = performance.now();
  drawLeds(new Array(12).fill([0, 0, 0]));
  const [interpreter, sources] = await Promise.all([
    loadMicroPython({ heapsize: 8 * 1024 * 1024, pystack: 16 * 1024, linebuffer: true,
      stdout: (line) => console.log(line), stderr: (line) => console.warn(line) }),
    fetch("python.json").then((response) => response.json()),
  ]);
  mp = interpreter;
  for (const [path, text] of Object.entries(sources)) {
    const file = `/lib/${path}`;
    mp.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
    mp.FS.writeFile(file, text);
  }
  const stored = JSON.stringify(storedFiles());
  const counting = params.get("seeds") === "count" ? "True" : "False";
  mp.globals.set("_stored", stored);
  python(
    "import sys\nsys.path.insert(0, '/lib')\n" +
      "from host_tools.web.browser_hal import Page\n" +
      `page = Page(_stored, ${counting})\ndel _stored`,
  );
  hooks.loadMs = Math.round(performance.now() - began);
  hooks.ready = true;
  say(`Ready in ${(hooks.loadMs / 1000).toFixed(1)} s: the firmware runs in your browser.`);
  tick();
}

if ("serviceWorker" in navigator && location.protocol !== "file:" && !params.has("nosw")) {
  navigator.serviceWorker.register("sw.js").catch(() => {});
}

start().catch(fail);
