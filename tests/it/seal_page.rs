//! The sealing page (assets/seal.html) in a real browser: Debian's Chromium,
//! headless. A driver page served from 127.0.0.1 loads the page in a
//! same-origin frame, works its buttons as a player would and posts what it
//! saw; the assertions here compare that with the crate's own `seal`,
//! `sha256_hex` and `without_comments`, and with `sha256sum`.
//!
//! Without Chromium the tests say they are skipped, unless
//! `CHESSDIP_REQUIRE_BROWSER` is set (`.ci/run` sets it): then they fail.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use chessdip_game::hashed::{is_salted, seal, sha256_hex, sha256_hex_bytes, without_comments};
use serde_json::Value;

/// How long the driver may take: the test machines are slow.
const TIMEOUT: Duration = Duration::from_secs(90);

fn page_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/seal.html")
}

/// Chromium: `CHESSDIP_CHROMIUM`, `/usr/bin/chromium`, or `chromium` /
/// `chromium-browser` on the PATH. `None` (and a line saying the test is
/// skipped) if there is none and none is required.
fn chromium() -> Option<PathBuf> {
    let found = std::env::var_os("CHESSDIP_CHROMIUM").map(PathBuf::from).or_else(|| {
        let path = std::env::var_os("PATH").unwrap_or_default();
        std::iter::once(PathBuf::from("/usr/bin/chromium"))
            .chain(std::env::split_paths(&path).flat_map(|d| [d.join("chromium"), d.join("chromium-browser")]))
            .find(|p| p.is_file())
    });
    if found.is_none() {
        assert!(
            std::env::var_os("CHESSDIP_REQUIRE_BROWSER").is_none(),
            "no Chromium found and CHESSDIP_REQUIRE_BROWSER is set: install Debian's `chromium` \
             (apt-get install chromium) or set CHESSDIP_CHROMIUM to a Chromium binary"
        );
        // Straight to stderr, past the test harness's capture, so that a skip is seen.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no Chromium (set CHESSDIP_REQUIRE_BROWSER=1 to require it; .ci/run installs it)"
        );
    }
    found
}

/// A directory of its own under the system's temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        let dir = std::env::temp_dir().join(format!("chessdip-seal-page-{}-{name}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        Self(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A headless Chromium in its own process group, with a new profile and
/// its log in `dir`; dropping it ends the whole group, then removes `dir`.
struct Browser {
    child: Child,
    dir: TempDir,
}

impl Browser {
    fn launch(exe: &Path, name: &str, args: &[&str], stdout: Stdio) -> Self {
        use std::os::unix::process::CommandExt;
        let dir = TempDir::new(name);
        let log = std::fs::File::create(dir.0.join("chromium.log")).expect("log file");
        let child = Command::new(exe)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                "--disable-dev-shm-usage",
                "--password-store=basic",
                // Whatever Chromium might look up, only 127.0.0.1 resolves.
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                "--enable-logging=stderr",
                &format!("--user-data-dir={}", dir.0.join("profile").display()),
            ])
            .args(args)
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(log)
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", exe.display()));
        Self { child, dir }
    }

    /// The end of Chromium's log, to explain a failure.
    fn log(&self) -> String {
        let log = std::fs::read_to_string(self.dir.0.join("chromium.log")).unwrap_or_default();
        let lines: Vec<&str> = log.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }

    /// Waits for Chromium to exit by itself (`--dump-dom`), at most `TIMEOUT`.
    fn wait(&mut self) -> bool {
        let end = Instant::now() + TIMEOUT;
        while Instant::now() < end {
            if self.child.try_wait().ok().flatten().is_some() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let group = format!("-{}", self.child.id());
        let signal = |sig: &str| Command::new("kill").args([sig, "--", &group]).stderr(Stdio::null()).status();
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = signal("-TERM");
            let end = Instant::now() + Duration::from_secs(3);
            while Instant::now() < end && self.child.try_wait().ok().flatten().is_none() {
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        // Renderers and helpers left in the group, if any.
        let _ = signal("-KILL");
    }
}

enum Posted {
    Result(String),
    Log(String),
}

/// An HTTP/1.1 server on 127.0.0.1 for the driver: the page, the driver,
/// and `POST /result` and `POST /log`, passed on to the test.
struct Server {
    port: u16,
    posted: Receiver<Posted>,
    requests: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
}

impl Server {
    fn start(page: Vec<u8>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        let port = listener.local_addr().expect("port").port();
        let (tx, posted) = mpsc::channel();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (seen, stopped, page) = (requests.clone(), stop.clone(), Arc::new(page));
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopped.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let (tx, seen, page) = (tx.clone(), seen.clone(), page.clone());
                // One thread a connection: Chromium may open a socket and leave it idle.
                std::thread::spawn(move || {
                    let _ = answer(stream, &page, &tx, &seen);
                });
            }
        });
        Self { port, posted, requests, stop }
    }

    /// Waits for the driver's report; its log lines go to stderr as they come.
    fn report(&self, browser: &Browser) -> Value {
        let end = Instant::now() + TIMEOUT;
        let mut logs = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.posted.recv_timeout(left) {
                Ok(Posted::Log(line)) => {
                    eprintln!("driver: {line}");
                    logs.push(line);
                }
                Ok(Posted::Result(body)) => {
                    let report: Value = serde_json::from_str(&body)
                        .unwrap_or_else(|e| panic!("the driver's report is not JSON ({e}): {body}"));
                    if let Some(error) = report.get("error") {
                        panic!(
                            "the driver failed: {}\nits log:\n{}\nChromium:\n{}",
                            error,
                            logs.join("\n"),
                            browser.log()
                        );
                    }
                    assert!(logs.is_empty(), "errors in the page or the driver:\n{}", logs.join("\n"));
                    return report;
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => panic!(
                    "no report from the driver within {TIMEOUT:?}\nits log:\n{}\nChromium:\n{}",
                    logs.join("\n"),
                    browser.log()
                ),
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}

/// Answers one request (the connection is closed after it).
fn answer(stream: TcpStream, page: &[u8], tx: &Sender<Posted>, seen: &Mutex<Vec<String>>) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(20)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut line = String::new();
    if reader.read_line(&mut line)? == 0 {
        return Ok(()); // a connection opened ahead of need and closed unused
    }
    let mut words = line.split_whitespace();
    let (method, target) = (words.next().unwrap_or("").to_string(), words.next().unwrap_or("").to_string());
    let mut length = 0;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 || header.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    seen.lock().expect("requests").push(format!("{method} {target}"));
    let body = String::from_utf8_lossy(&body).into_owned();
    let html = "text/html; charset=utf-8";
    let (status, kind, content): (&str, &str, &[u8]) = match (method.as_str(), target.as_str()) {
        ("GET", "/seal.html") => ("200 OK", html, page),
        ("GET", "/driver.html") => ("200 OK", html, DRIVER.as_bytes()),
        ("POST", "/result") => {
            let _ = tx.send(Posted::Result(body));
            ("204 No Content", "text/plain", b"")
        }
        ("POST", "/log") => {
            let _ = tx.send(Posted::Log(body));
            ("204 No Content", "text/plain", b"")
        }
        _ => ("404 Not Found", "text/plain", b"not here"),
    };
    let mut stream = stream;
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        content.len()
    )?;
    stream.write_all(content)?;
    stream.flush()
}

/// The driver: loads the page in a same-origin frame and works it through
/// its own fields and buttons (copies and downloads are caught, not done),
/// then posts a JSON report to /result. Errors go to /log.
const DRIVER: &str = r#"<!doctype html>
<meta charset="utf-8">
<title>seal page driver</title>
<iframe id="frame" src="/seal.html" style="width: 400px; height: 900px"></iframe>
<script>
"use strict";
const post = (path, body) => fetch(path, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body) });
const explain = e => String((e && e.stack) || e);
window.addEventListener("error", e => post("/log", `driver: ${e.message} at ${e.filename}:${e.lineno}`));
window.addEventListener("unhandledrejection", e => post("/log", `driver: ${explain(e.reason)}`));
const sleep = ms => new Promise(done => setTimeout(done, ms));
async function until(what, test) {
  const end = Date.now() + 30000;
  for (;;) {
    const value = test();
    if (value) return value;
    if (Date.now() > end) throw new Error("timed out waiting for " + what);
    await sleep(20);
  }
}

async function main() {
  const frame = document.getElementById("frame");
  const win = await until("the page to load", () => {
    const w = frame.contentWindow;
    return w && w.chessdipHash && w.document.documentElement.dataset.ready === "yes" && w;
  });
  const doc = win.document, $ = id => doc.getElementById(id);
  win.addEventListener("error", e => post("/log", `page: ${e.message} at ${e.filename}:${e.lineno}`));
  win.addEventListener("unhandledrejection", e => post("/log", `page: ${explain(e.reason)}`));

  let copied = null, blob = null, downloadName = null;
  Object.defineProperty(win.navigator, "clipboard", { configurable: true, value: { writeText: async t => { copied = t; } } });
  const createObjectURL = win.URL.createObjectURL.bind(win.URL);
  win.URL.createObjectURL = b => { blob = b; return createObjectURL(b); };
  doc.addEventListener("click", e => {
    if (e.target.matches("a[download]")) { downloadName = e.target.download; e.preventDefault(); }
  }, true);

  const type = (el, value) => { el.value = value; el.dispatchEvent(new win.Event("input", { bubbles: true })); };
  const press = async (button, answer) => {
    const before = Number(answer.dataset.n || 0);
    button.click();
    await until(`an answer to ${button.id}`, () => Number(answer.dataset.n || 0) > before);
  };
  const utf8 = t => new TextEncoder().encode(t);
  const report = { seals: [], checks: [], hashes: [] };

  async function sealOnce(orders, extra) {
    type($("orders"), orders);
    await press($("seal"), $("out"));
    copied = null; $("copy-commit").click(); await until("the commit line copied", () => copied !== null);
    const copiedCommit = copied;
    copied = null; $("copy-sealed").click(); await until("the sealed text copied", () => copied !== null);
    blob = null; $("download").click(); await until("the download", () => blob);
    report.seals.push(Object.assign({
      orders, shown: !$("out").hidden, hash: $("hash").textContent, commit: $("commit").textContent,
      sealed: $("sealed").value, via: $("via").textContent, copiedCommit, copiedSealed: copied,
      download: Array.from(new Uint8Array(await blob.arrayBuffer())), downloadName,
    }, extra));
  }
  const ascii = "K e1 - e2";
  await sealOnce(ascii, {});
  await sealOnce(ascii, {});
  await sealOnce("K e1 - e2\nN g1 - f3\nP d2 - d4\n", {});
  await sealOnce("Q d1 - h5 é à ü\n王 e1 - e2 漢字\n♞ g1 - f3 🐴", {});
  await sealOnce("\uFEFFK e1 - e2\nN g1 - f3", {});
  // Without Web Crypto the page hashes with its own code.
  Object.defineProperty(win.crypto, "subtle", { configurable: true, value: undefined });
  await sealOnce("R a1 - a4 ñ 🐴\n", { noWebCrypto: true });
  delete win.crypto.subtle;

  type($("orders"), "  \n");
  await press($("seal"), $("seal-error"));
  report.emptyOrders = $("seal-error").textContent;

  const [one, , lines] = report.seals;
  async function check(name, hash, { text, file }) {
    type($("posted"), hash);
    if (text !== undefined) type($("revealed"), text);
    if (file !== undefined) {
      const files = new win.DataTransfer();
      files.items.add(new win.File([file], "orders.txt", { type: "text/plain" }));
      $("file").files = files.files;
      $("file").dispatchEvent(new win.Event("change", { bubbles: true }));
    }
    await press($("check"), $("verdict"));
    report.checks.push({ name, result: $("verdict").dataset.result, text: $("verdict").textContent });
  }
  await check("text", `  ${one.hash.toUpperCase()} `, { text: one.sealed });
  await check("tampered", one.hash, { text: one.sealed.replace("e2", "e4") });
  await check("newline added", one.hash, { text: one.sealed + "\n" });
  await check("newline lost", lines.hash, { text: lines.sealed.replace(/\n$/, "") });
  await check("file", one.hash, { file: utf8(one.sealed) });
  await check("crlf file", lines.hash, { file: utf8(lines.sealed.replace(/\n/g, "\r\n")) });
  await check("bom file", one.hash, { file: utf8("\uFEFF" + one.sealed) });
  await check("latin-1 file", one.hash, { file: new Uint8Array([0x23, 0x20, 0xe9, 0x0a]) });
  await check("text after a file", one.hash, { text: one.sealed });
  // Several changes at once: a Notepad file (byte-order mark, CRLF) pasted as plain text.
  const notepad = "\uFEFF" + lines.sealed.replace(/\n/g, "\r\n");
  await check("notepad pasted", await win.chessdipHash.webCrypto(utf8(notepad)), { text: lines.sealed.replace(/\n$/, "") });
  await check("extra newline", lines.hash, { text: lines.sealed + "\n" });
  await check("spaces", lines.hash, { text: "  " + lines.sealed });
  await check("short hash", "abc", {});
  await check("not hex", "z".repeat(64), {});
  await check("no text", one.hash, { text: "" });

  const run = (n, f) => Array.from({ length: n }, (_, i) => f(i));
  const inputs = [[], Array.from(utf8("abc"))]
    .concat([55, 56, 63, 64, 65, 1000].map(n => run(n, i => (i * 7 + n) % 256)))
    .concat([Array.from(utf8("é à ü 王 漢字 ♞ 🐴")), run(256, i => 255 - i)]);
  for (const bytes of inputs) {
    const u = new Uint8Array(bytes);
    report.hashes.push({ bytes, fallback: win.chessdipHash.fallback(u), webCrypto: await win.chessdipHash.webCrypto(u) });
  }
  report.api = await win.chessdipHash.seal("\uFEFFB c1 - g5");
  await post("/result", report);
}
main().catch(e => post("/result", { error: explain(e) }));
</script>
"#;

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("no `{key}` in {v}"))
}

/// What `sha256sum` prints for `bytes`, if there is a `sha256sum`.
fn sha256sum(bytes: &[u8], dir: &Path) -> Option<String> {
    let file = dir.join("sealed.txt");
    std::fs::write(&file, bytes).expect("write sealed.txt");
    let out = Command::new("sha256sum").arg(&file).output().ok()?;
    assert!(out.status.success(), "sha256sum failed: {}", String::from_utf8_lossy(&out.stderr));
    Some(String::from_utf8_lossy(&out.stdout).split_whitespace().next()?.to_string())
}

/// The salt of a sealed text: `# salt ` and 32 lowercase hex digits on the first line.
fn salt_of(sealed: &str) -> Vec<u8> {
    let hex = sealed.strip_prefix("# salt ").and_then(|rest| rest.get(..32)).unwrap_or("");
    assert!(
        hex.len() == 32
            && hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
            && sealed.as_bytes().get(39) == Some(&b'\n'),
        "not `# salt ` + 32 lowercase hex digits + a newline: {sealed:?}"
    );
    (0..16).map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("hex")).collect()
}

#[test]
fn the_page_seals_and_checks_in_a_real_browser() {
    let Some(exe) = chromium() else { return };
    let started = Instant::now();
    let page = std::fs::read(page_path()).expect("assets/seal.html");
    let server = Server::start(page);
    let url = format!("http://127.0.0.1:{}/driver.html", server.port);
    let browser = Browser::launch(&exe, "driver", &[&url], Stdio::null());
    let report = server.report(&browser);
    let scratch = TempDir::new("sums");
    let with_sha256sum = |bytes: &[u8]| sha256sum(bytes, &scratch.0);

    let seals = report["seals"].as_array().expect("seals");
    assert_eq!(seals.len(), 6, "{report}");
    for s in seals {
        let (orders, sealed, hash) = (text(s, "orders"), text(s, "sealed"), text(s, "hash"));
        let salt = salt_of(sealed);
        assert_eq!(sealed, seal(orders, &salt), "the page seals as the crate does");
        assert!(is_salted(sealed) && !sealed.starts_with('\u{feff}'), "{sealed:?}");
        let bare = orders.strip_prefix('\u{feff}').unwrap_or(orders);
        assert_eq!(without_comments(sealed), bare.strip_suffix('\n').unwrap_or(bare), "the orders the bot reads");
        assert_eq!(hash, sha256_hex(sealed), "the page's hash of {sealed:?}");
        if let Some(sum) = with_sha256sum(sealed.as_bytes()) {
            assert_eq!(hash, sum, "sha256sum of {sealed:?}");
        }
        assert!(s["shown"].as_bool().unwrap_or(false));
        assert_eq!(text(s, "commit"), format!("commit {hash}"));
        assert_eq!(text(s, "copiedCommit"), format!("commit {hash}"));
        assert_eq!(text(s, "copiedSealed"), sealed);
        let download: Vec<u8> =
            s["download"].as_array().expect("download").iter().map(|b| b.as_u64().expect("byte") as u8).collect();
        assert_eq!(download, sealed.as_bytes(), "the downloaded file holds the sealed text's exact bytes");
        assert_eq!(text(s, "downloadName"), "orders-sealed.txt");
        let own = s["noWebCrypto"].as_bool().unwrap_or(false);
        assert!(text(s, "via").contains(if own { "own SHA-256" } else { "Web Crypto" }), "{s}");
    }
    assert_eq!(seals[0]["orders"], seals[1]["orders"]);
    assert_ne!(salt_of(text(&seals[0], "sealed")), salt_of(text(&seals[1], "sealed")), "sealing again: a new salt");
    assert_ne!(seals[0]["hash"], seals[1]["hash"], "sealing again: a new hash");
    assert!(text(&report, "emptyOrders").contains("Write your orders first"), "{report}");

    let api = &report["api"];
    assert_eq!(text(api, "sealed"), seal("\u{feff}B c1 - g5", &salt_of(text(api, "sealed"))));
    assert_eq!(text(api, "hash"), sha256_hex(text(api, "sealed")));

    let checks = report["checks"].as_array().expect("checks");
    let check = |name: &str, result: &str, says: &str| {
        let c = checks.iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("no check {name}"));
        assert_eq!(text(c, "result"), result, "check {name}: {c}");
        assert!(text(c, "text").contains(says), "check {name} should say {says:?}: {c}");
    };
    check("text", "match", "Matches.");
    check("tampered", "mismatch", "look for a changed letter");
    check("newline added", "mismatch", "this text has a trailing newline that the committed text did not");
    check("newline lost", "mismatch", "the committed text ended with a newline that this text lacks");
    check("file", "match", "This file is exactly the committed one");
    check("crlf file", "mismatch", "the committed text used LF line ends; this text uses CRLF");
    check("bom file", "mismatch", "byte-order mark");
    check("latin-1 file", "mismatch", "not UTF-8 text");
    check("text after a file", "match", "This text is exactly the committed one");
    check("notepad pasted", "mismatch", "the committed text used CRLF line ends (Windows); this text uses LF, and the committed text ended with CRLF (\\r\\n) that this text lacks, and the committed file started with an invisible byte-order mark");
    check("extra newline", "mismatch", "this text ends with 2 newlines, one more than the committed text");
    check("spaces", "mismatch", "this text has spaces at its start or end that the committed text did not");
    check("short hash", "error", "64 hex digits; this has 3");
    check("not hex", "error", "this is not one");
    check("no text", "error", "Nothing to check");
    let added = checks.iter().find(|c| c["name"] == "newline added").expect("newline added");
    assert!(!text(added, "text").contains("spaces differ"), "one cause for one variant: {added}");
    for c in checks.iter().filter(|c| c["result"] == "mismatch") {
        assert!(text(c, "text").starts_with("Does not match."), "{c}");
    }

    let hashes = report["hashes"].as_array().expect("hashes");
    let mut lengths = Vec::new();
    for h in hashes {
        let bytes: Vec<u8> =
            h["bytes"].as_array().expect("bytes").iter().map(|b| b.as_u64().expect("byte") as u8).collect();
        let expected = sha256_hex_bytes(&bytes);
        assert_eq!(text(h, "webCrypto"), expected, "Web Crypto over {} bytes", bytes.len());
        assert_eq!(text(h, "fallback"), expected, "the page's own SHA-256 over {} bytes: {bytes:?}", bytes.len());
        lengths.push(bytes.len());
    }
    assert_eq!(lengths[..8], [0, 3, 55, 56, 63, 64, 65, 1000], "the padding edges");
    assert_eq!(lengths.len(), 10, "and non-ASCII text and every byte value");

    let requests = server.requests.lock().expect("requests").clone();
    let expected = ["GET /driver.html", "GET /seal.html", "POST /result", "POST /log", "GET /favicon.ico"];
    assert!(requests.iter().all(|r| expected.contains(&r.as_str())), "unexpected requests: {requests:?}");
    eprintln!("seal page driven in {:.1?}", started.elapsed());
}

#[test]
fn the_page_renders_from_a_file_and_fetches_nothing() {
    let source = std::fs::read_to_string(page_path()).expect("assets/seal.html");
    assert!(source.contains(
        r#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline';"#
    ));
    assert!(source.contains("Nothing leaves this device"));
    for attr in ["src=", "href=", "action="] {
        for (at, _) in source.match_indices(attr) {
            let value: String =
                source[at + attr.len()..].chars().take_while(|c| !c.is_whitespace() && *c != '>').collect();
            assert!(
                !value.contains("//") && !value.contains("http"),
                "{attr}{value} in the page: it must load nothing"
            );
        }
    }
    assert!(!source.contains("http://") && !source.contains("https://") && !source.contains("@import"));
    assert!(!source.contains("url("), "the CSS loads nothing");

    let Some(exe) = chromium() else { return };
    let url = format!("file://{}", page_path().display());
    let mut browser =
        Browser::launch(&exe, "dump", &["--dump-dom", "--virtual-time-budget=5000", &url], Stdio::piped());
    let mut stdout = browser.child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut dom = String::new();
        let _ = stdout.read_to_string(&mut dom);
        dom
    });
    assert!(browser.wait(), "Chromium did not finish --dump-dom within {TIMEOUT:?}\n{}", browser.log());
    let dom = reader.join().expect("stdout reader");
    assert!(dom.contains(r#"data-ready="yes""#), "the page's script did not run:\n{dom}\nChromium:\n{}", browser.log());
    assert!(dom.contains("<title>chessdip: seal your orders</title>") && dom.contains(r#"id="seal""#), "{dom}");
}
