//! # sgs-e2e: the browser client tested in a real browser
//!
//! The integration tests under `tests/` start the real server in-process ([`TestServer`], via
//! `sgs_server::serve` on `127.0.0.1:0`) and drive headless Chromium through WebDriver
//! ([`Browser`]: a `chromedriver` spawned per browser, a fresh profile each, fantoccini as the
//! client). Pages are driven by clicks on the elements the client marks with `data-testid` /
//! `data-action`.
//!
//! Without `chromedriver` on `PATH` (or `/usr/bin/chromium`) the browser tests print
//! `SKIPPED: chromium/chromedriver not installed` and pass — unless `SGS_REQUIRE_BROWSER=1`
//! (set by CI), which makes them fail instead. `SGS_CHROMIUM` overrides the browser binary.

use std::net::{SocketAddr, TcpListener as StdListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use fantoccini::elements::{Element, ElementRef};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use sgs_server::config::Config;
use sgs_server::storage::NoStorage;
use sgs_server::trustee::Heuristic;
use sgs_server::AppState;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// The browser binary used unless `SGS_CHROMIUM` names another.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// How long a test waits for one thing to appear on a page.
pub const WAIT: Duration = Duration::from_secs(20);

/// Desktop and phone window sizes for screenshots.
pub const DESKTOP: (u32, u32) = (1280, 800);
pub const PHONE: (u32, u32) = (360, 740);

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Result<T = ()> = std::result::Result<T, Error>;

/// Makes an error from a message.
pub fn fail<T>(message: impl Into<String>) -> Result<T> {
    Err(message.into().into())
}

// ---- is there a browser? ------------------------------------------------------------------

fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

fn chromium() -> PathBuf {
    std::env::var_os("SGS_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(CHROMIUM))
}

/// Whether the browser tests can run. Without chromium/chromedriver: fails when
/// `SGS_REQUIRE_BROWSER=1`, otherwise prints a loud SKIPPED line and returns `false`.
pub fn browser_available() -> bool {
    let found = on_path("chromedriver").is_some() && chromium().is_file();
    if found {
        return true;
    }
    let required = std::env::var("SGS_REQUIRE_BROWSER").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "SGS_REQUIRE_BROWSER=1 but chromium ({}) or chromedriver (on PATH) is not installed",
        chromium().display()
    );
    eprintln!("\n**************************************************************");
    eprintln!("SKIPPED: chromium/chromedriver not installed");
    eprintln!(
        "  (apt-get install chromium chromium-driver; SGS_REQUIRE_BROWSER=1 makes this fail)"
    );
    eprintln!("**************************************************************\n");
    false
}

/// Browser tests run one at a time (each starts one or two Chromium processes; the machines
/// that run them are small). Hold the guard for the whole test.
pub fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs a browser test: skips without a browser, runs one at a time on its own runtime, and
/// fails after `limit`.
pub fn run_browser_test<F>(limit: Duration, test: impl FnOnce() -> F)
where
    F: std::future::Future<Output = Result>,
{
    if !browser_available() {
        return;
    }
    let _serial = serial();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let outcome = runtime.block_on(async { tokio::time::timeout(limit, test()).await });
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(error)) => panic!("{error}"),
        Err(_) => panic!("the test took longer than {limit:?}"),
    }
}

// ---- the server -----------------------------------------------------------------------------

/// A server configuration for tests: no storage, no anti-leak delay, short timeouts allowed.
pub fn config() -> Config {
    Config {
        addr: "127.0.0.1:0".parse().expect("an address"),
        no_storage: true,
        decision_timeout_ms: 30_000,
        play_timeout_ms: 30_000,
        min_timeout_ms: 10,
        pass_delay_min_ms: 0,
        pass_delay_max_ms: 0,
        disconnect_grace_ms: 30_000,
        rate_per_sec: 1_000.0,
        rate_burst: 1_000.0,
        shutdown_grace_ms: 1_000,
        ..Config::default()
    }
}

/// The real server, serving the embedded client on a free port of 127.0.0.1.
pub struct TestServer {
    pub addr: SocketAddr,
    pub state: AppState,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<std::io::Result<()>>>,
}

impl TestServer {
    pub async fn start(config: Config) -> Result<TestServer> {
        // Bots and trusteeship play with the server's own heuristic AI.
        let state = AppState::with_parts(config, Box::new(NoStorage), Box::new(Heuristic));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(sgs_server::serve(listener, state.clone(), async move {
            let _ = stopped.await;
        }));
        Ok(TestServer {
            addr,
            state,
            stop: Some(stop),
            task: Some(task),
        })
    }

    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Stops the server and waits (briefly) for it to finish.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = tokio::time::timeout(Duration::from_secs(5), task).await;
        }
    }
}

// ---- the browser ----------------------------------------------------------------------------

/// A directory removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(prefix: &str) -> std::io::Result<TempDir> {
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default();
        let name = format!(
            "{prefix}-{}-{}-{nanos}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        );
        let path = std::env::temp_dir().join(name);
        std::fs::create_dir_all(&path)?;
        Ok(TempDir(path))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn free_port() -> std::io::Result<u16> {
    Ok(StdListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// A chromedriver process, killed when dropped.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One headless Chromium with its own profile (so its own localStorage: its own session),
/// driven through its own chromedriver.
pub struct Browser {
    pub client: Client,
    /// chromedriver's port and the WebDriver session, to end it if the test fails midway.
    port: u16,
    session: Option<String>,
    closed: bool,
    _driver: Driver,
    _profile: TempDir,
}

impl Drop for Browser {
    /// A test that fails midway never reaches [`Browser::close`]: end the session here, so
    /// Chromium quits before chromedriver is killed (otherwise the browser outlives the test).
    fn drop(&mut self) {
        if let (false, Some(session)) = (self.closed, &self.session) {
            delete_session(self.port, session);
        }
    }
}

/// `DELETE /session/{id}` to chromedriver, blocking, bounded in time.
fn delete_session(port: u16, session: &str) {
    use std::io::{Read, Write};
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let _ = stream.set_write_timeout(Some(Duration::from_secs(2)));
    let request = format!(
        "DELETE /session/{session} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\
         Content-Length: 0\r\nConnection: close\r\n\r\n"
    );
    if stream.write_all(request.as_bytes()).is_ok() {
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
    }
}

impl Browser {
    /// Starts chromedriver on a free port and a headless Chromium of `size` (width, height).
    pub async fn launch(size: (u32, u32)) -> Result<Browser> {
        let port = free_port()?;
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?;
        let driver = Driver(driver);
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if started.elapsed() > WAIT {
                return fail("chromedriver did not start listening");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let profile = TempDir::new("sgs-e2e-chromium")?;
        let args = vec![
            "--headless=new".to_string(),
            "--no-sandbox".to_string(),
            "--disable-gpu".to_string(),
            "--disable-background-networking".to_string(),
            "--disable-dev-shm-usage".to_string(),
            "--no-first-run".to_string(),
            "--disable-component-update".to_string(),
            "--disable-sync".to_string(),
            format!("--user-data-dir={}", profile.0.display()),
            format!("--window-size={},{}", size.0, size.1),
        ];
        let mut capabilities = serde_json::Map::new();
        capabilities.insert(
            "goog:chromeOptions".to_string(),
            json!({ "binary": chromium().display().to_string(), "args": args }),
        );
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await?;
        let session = client.session_id().await?;
        let browser = Browser {
            client,
            port,
            session,
            closed: false,
            _driver: driver,
            _profile: profile,
        };
        browser.resize(size).await?;
        Ok(browser)
    }

    /// Sets the size of the page's viewport (the window is grown by the browser's frame).
    pub async fn resize(&self, (width, height): (u32, u32)) -> Result {
        self.client.set_window_size(width, height).await?;
        let inner = self
            .js("return [window.innerWidth, window.innerHeight];", vec![])
            .await?;
        let w = inner[0].as_u64().unwrap_or(u64::from(width));
        let h = inner[1].as_u64().unwrap_or(u64::from(height));
        if w != u64::from(width) || h != u64::from(height) {
            let grow_w = width + (width.saturating_sub(w as u32));
            let grow_h = height + (height.saturating_sub(h as u32));
            self.client.set_window_size(grow_w, grow_h).await?;
        }
        Ok(())
    }

    pub async fn goto(&self, url: &str) -> Result {
        self.client.goto(url).await?;
        Ok(())
    }

    /// Runs `script` in the page and returns its value.
    pub async fn js(&self, script: &str, args: Vec<Value>) -> Result<Value> {
        Ok(self.client.execute(script, args).await?)
    }

    /// Waits until `script` returns something truthy; returns it.
    pub async fn wait_js(&self, script: &str, what: &str) -> Result<Value> {
        self.wait_js_with(script, vec![], what).await
    }

    /// Waits until `script` (given `args`) returns something truthy; returns it.
    pub async fn wait_js_with(&self, script: &str, args: Vec<Value>, what: &str) -> Result<Value> {
        let started = Instant::now();
        loop {
            let value = self.js(script, args.clone()).await?;
            let truthy = match &value {
                Value::Null => false,
                Value::Bool(b) => *b,
                Value::Number(n) => n.as_f64() != Some(0.0),
                Value::String(s) => !s.is_empty(),
                _ => true,
            };
            if truthy {
                return Ok(value);
            }
            if started.elapsed() > WAIT {
                let text = self.page_text().await.unwrap_or_default();
                return fail(format!(
                    "timed out waiting for {what}; the page shows:\n{text}"
                ));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Waits for a visible element matching `css`.
    pub async fn wait_for(&self, css: &str) -> Result<Element> {
        let script = "const el = document.querySelector(arguments[0]); \
                      return !!el && el.getClientRects().length > 0;";
        let started = Instant::now();
        loop {
            if self.js(script, vec![json!(css)]).await?.as_bool() == Some(true) {
                return Ok(self.client.find(Locator::Css(css)).await?);
            }
            if started.elapsed() > WAIT {
                let text = self.page_text().await.unwrap_or_default();
                return fail(format!(
                    "timed out waiting for {css}; the page shows:\n{text}"
                ));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Clicks the (visible) element matching `css`. The page redraws on every update, so an
    /// element found may be replaced before the click lands: then it is found again.
    pub async fn click(&self, css: &str) -> Result {
        let started = Instant::now();
        loop {
            let element = self.wait_for(css).await?;
            match element.click().await {
                Ok(()) => return Ok(()),
                Err(error) if is_stale(&error) && started.elapsed() < WAIT => {
                    tokio::time::sleep(Duration::from_millis(30)).await;
                }
                Err(error) => return Err(error.into()),
            }
        }
    }

    /// The text of the (visible) element matching `css`.
    pub async fn text(&self, css: &str) -> Result<String> {
        self.wait_for(css).await?;
        let script =
            "const el = document.querySelector(arguments[0]); return el ? el.innerText : null;";
        let value = self
            .wait_js_with(script, vec![json!(css)], &format!("the text of {css}"))
            .await?;
        Ok(value.as_str().unwrap_or_default().to_string())
    }

    /// The attribute `name` of the element matching `css`, once it is there.
    pub async fn attr(&self, css: &str, name: &str) -> Result<String> {
        let script = "const el = document.querySelector(arguments[0]); \
                      return el ? el.getAttribute(arguments[1]) : null;";
        let value = self
            .wait_js_with(
                script,
                vec![json!(css), json!(name)],
                &format!("{name} of {css}"),
            )
            .await?;
        Ok(value.as_str().unwrap_or_default().to_string())
    }

    /// Types `text` into the input matching `css` (replacing its value). Inputs are not redrawn.
    pub async fn type_into(&self, css: &str, text: &str) -> Result {
        let input = self.wait_for(css).await?;
        input.clear().await?;
        input.send_keys(text).await?;
        Ok(())
    }

    /// The element a script returned (a WebDriver element reference), if any.
    pub fn element(&self, value: &Value) -> Option<Element> {
        let id = value
            .as_object()?
            .iter()
            .find(|(key, _)| key.starts_with("element-"))?
            .1
            .as_str()?;
        Some(Element::from_element_id(
            self.client.clone(),
            ElementRef::from(id.to_string()),
        ))
    }

    /// Everything the page recorded as an error (see `web/js/errors.js`).
    pub async fn page_errors(&self) -> Result<Vec<String>> {
        let value = self.js("return window.sgsErrors || null;", vec![]).await?;
        match value {
            Value::Array(items) => Ok(items
                .into_iter()
                .map(|v| v.as_str().map(str::to_string).unwrap_or(v.to_string()))
                .collect()),
            _ => fail("window.sgsErrors is missing: web/js/errors.js did not run"),
        }
    }

    /// Fails if the page recorded any error.
    pub async fn assert_no_errors(&self) -> Result {
        let errors = self.page_errors().await?;
        if errors.is_empty() {
            Ok(())
        } else {
            fail(format!("the page recorded errors: {errors:#?}"))
        }
    }

    /// The page's visible text (for failure messages).
    pub async fn page_text(&self) -> Result<String> {
        let text = self.js("return document.body.innerText;", vec![]).await?;
        Ok(text.as_str().unwrap_or_default().to_string())
    }

    /// Writes a PNG screenshot of the viewport to `artifacts/screenshots/<name>.png`.
    pub async fn screenshot(&self, name: &str) -> Result<PathBuf> {
        let png = self.client.screenshot().await?;
        let dir = screenshot_dir();
        std::fs::create_dir_all(&dir)?;
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png)?;
        Ok(path)
    }

    /// Ends the WebDriver session (the browser closes; chromedriver is killed on drop).
    pub async fn close(mut self) -> Result {
        self.client.clone().close().await?;
        self.closed = true;
        Ok(())
    }
}

/// Whether a WebDriver error says the element was replaced (the page redrew).
fn is_stale(error: &fantoccini::error::CmdError) -> bool {
    let text = error.to_string();
    text.contains("stale element") || text.contains("not attached")
}

/// `artifacts/screenshots/` at the workspace root.
pub fn screenshot_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join("artifacts")
        .join("screenshots")
}

/// `web/` at the workspace root.
pub fn web_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join("web")
}

// ---- driving the client ---------------------------------------------------------------------

/// Opens the client and waits for the lobby (connected, room list drawn).
pub async fn open_lobby(browser: &Browser, server: &TestServer, nickname: &str) -> Result {
    browser.goto(&server.url()).await?;
    browser
        .wait_for("[data-testid=status][data-status=open]")
        .await?;
    browser
        .type_into("[data-testid=nickname]", nickname)
        .await?;
    browser.click("[data-action=save-nickname]").await?;
    browser
        .wait_js(
            &format!(
                "return document.querySelector('[data-testid=status]').textContent.includes({});",
                json!(nickname)
            ),
            "the nickname",
        )
        .await?;
    Ok(())
}

/// Room options chosen in the create-room form.
#[derive(Clone, Debug, Default)]
pub struct Create {
    pub seats: u8,
    pub fill_bots: bool,
    pub private: bool,
    pub password: Option<String>,
    /// Seconds for a decision and for the play phase.
    pub timeout_s: Option<u32>,
}

/// Fills the create-room form, submits it and waits for the waiting room. Returns the room id.
pub async fn create_room(browser: &Browser, options: &Create) -> Result<String> {
    browser
        .js(
            "const f = document.getElementById('create-form'); \
             f.elements.seats.value = String(arguments[0]); \
             f.elements.fill_bots.checked = arguments[1]; \
             f.elements.private.checked = arguments[2]; \
             f.querySelector('details').open = true;",
            vec![
                json!(options.seats),
                json!(options.fill_bots),
                json!(options.private),
            ],
        )
        .await?;
    if let Some(password) = &options.password {
        browser
            .type_into("[data-testid=opt-password]", password)
            .await?;
    }
    if let Some(seconds) = options.timeout_s {
        let s = seconds.to_string();
        browser
            .type_into("[data-testid=opt-decision-timeout]", &s)
            .await?;
        browser
            .type_into("[data-testid=opt-play-timeout]", &s)
            .await?;
    }
    browser.click("[data-action=create-room]").await?;
    browser
        .attr("[data-testid=waiting-room]", "data-room")
        .await
}

/// Clicks start and waits for the table.
pub async fn start_game(browser: &Browser) -> Result {
    browser.click("[data-action=start]").await?;
    browser.wait_for("[data-testid=board]").await?;
    Ok(())
}

/// If the page asks me to choose a general, chooses the first one offered. Returns whether it did.
pub async fn choose_general_if_asked(browser: &Browser) -> Result<bool> {
    let offered = browser
        .js(
            "const d = document.querySelector('[data-testid=dialog][data-kind=choose_general]:not([data-answered])'); \
             return d ? d.querySelector('[data-action=general]') : null;",
            vec![],
        )
        .await?;
    match browser.element(&offered) {
        Some(element) => Ok(element.click().await.is_ok()),
        None => Ok(false),
    }
}

/// What the page shows of one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatShown {
    pub seat: u64,
    pub mine: bool,
    pub general: String,
    pub hand_count: String,
    pub hp: String,
    pub role: Option<String>,
}

/// Every seat the table shows, in seat order.
pub async fn seats_shown(browser: &Browser) -> Result<Vec<SeatShown>> {
    let value = browser
        .js(
            "return [...document.querySelectorAll('[data-testid=seat]')].map(el => ({ \
               seat: Number(el.dataset.seat), mine: el.dataset.mine === 'true', \
               general: el.querySelector('[data-testid=general]').textContent, \
               hand: el.querySelector('[data-testid=hand-count]').textContent, \
               hp: el.querySelector('[data-testid=hp]').textContent, \
               role: el.querySelector('[data-testid=role]')?.dataset.role ?? null }));",
            vec![],
        )
        .await?;
    let mut seats: Vec<SeatShown> = value
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .map(|s| SeatShown {
            seat: s["seat"].as_u64().unwrap_or(u64::MAX),
            mine: s["mine"].as_bool().unwrap_or(false),
            general: s["general"].as_str().unwrap_or_default().to_string(),
            hand_count: s["hand"].as_str().unwrap_or_default().to_string(),
            hp: s["hp"].as_str().unwrap_or_default().to_string(),
            role: s["role"].as_str().map(str::to_string),
        })
        .collect();
    seats.sort_by_key(|s| s.seat);
    Ok(seats)
}

/// The card ids of my hand, as the page shows them (sorted).
pub async fn my_hand(browser: &Browser) -> Result<Vec<u64>> {
    let value = browser
        .js(
            "return [...document.querySelectorAll('[data-testid=hand-card]')] \
               .map(el => Number(el.dataset.card));",
            vec![],
        )
        .await?;
    let mut ids: Vec<u64> = value
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    ids.sort_unstable();
    Ok(ids)
}

/// Every card id anywhere in the page's DOM (`data-card`).
pub async fn cards_in_page(browser: &Browser) -> Result<Vec<u64>> {
    let value = browser
        .js(
            "return [...document.querySelectorAll('[data-card]')].map(el => Number(el.dataset.card));",
            vec![],
        )
        .await?;
    Ok(value
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .filter_map(Value::as_u64)
        .collect())
}

/// Decides the next click of a player who chooses any highlighted legal option and passes when
/// nothing fits. Returns `{done}` at the game-over screen, `{el, what}` to click, or `{wait}`.
const NEXT_CLICK: &str = r#"
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const all = (root, css) => [...root.querySelectorAll(css)].filter(el => el.getClientRects().length > 0);
if (document.querySelector('[data-testid=game-over]')) return { done: true };
const memo = (window.__e2e = window.__e2e || { prompt: null, clicks: 0 });
const dialog = document.querySelector('[data-testid=dialog]');
if (dialog && dialog.getClientRects().length) {
  if (dialog.dataset.answered === 'true') return { wait: 'answered' };
  const choices = all(dialog, '[data-action=pick], [data-action=option], [data-action=general], [data-action=direct]');
  if (choices.length) return { el: pick(choices), what: 'dialog choice' };
  if (dialog.dataset.kind === 'arrange') {
    const moves = all(dialog, '[data-action=arrange-move]');
    if (moves.length && Math.random() < 0.5) return { el: pick(moves), what: 'arrange move' };
  }
  const confirm = dialog.querySelector('[data-action=confirm]:not([disabled])');
  if (confirm) return { el: confirm, what: 'dialog confirm' };
  const pass = dialog.querySelector('[data-action=pass]:not([disabled])');
  if (pass) return { el: pass, what: 'dialog pass' };
  return { stuck: 'dialog with nothing to click' };
}
const bar = document.querySelector('[data-testid=prompt]');
if (!bar) return { wait: 'no prompt' };
if (bar.dataset.answered === 'true') return { wait: 'answered' };
const key = bar.dataset.promptId;
if (memo.prompt !== key) { memo.prompt = key; memo.clicks = 0; }
memo.clicks += 1;
const confirm = bar.querySelector('[data-action=confirm]:not([disabled])');
const pass = bar.querySelector('[data-action=pass]:not([disabled])');
const direct = all(bar, '[data-action=skill][data-direct]');
const seats = all(document, '[data-testid=seat][data-selectable]');
const cards = all(document, '[data-testid=hand-card][data-selectable], [data-testid=equip-card][data-selectable], [data-testid=extra-card][data-selectable]');
if (confirm && (Math.random() < 0.8 || (!seats.length && !cards.length))) return { el: confirm, what: 'confirm' };
if (seats.length) return { el: pick(seats), what: 'seat' };
if (memo.clicks < 12 && (cards.length || direct.length)) {
  if (direct.length && (!cards.length || Math.random() < 0.3)) return { el: pick(direct), what: 'skill' };
  // In the play phase, sometimes end the phase instead of playing on.
  if (!(bar.dataset.kind === 'play' && pass && Math.random() < 0.15)) return { el: pick(cards), what: 'card' };
}
if (pass) return { el: pass, what: 'pass' };
if (confirm) return { el: confirm, what: 'confirm' };
const clear = bar.querySelector('[data-action=clear]:not([disabled])');
if (clear) { memo.clicks = 0; return { el: clear, what: 'clear' }; }
if (cards.length) return { el: pick(cards), what: 'card' };
return { stuck: 'prompt with nothing to click' };
"#;

/// What [`play_by_clicking`] did.
#[derive(Debug, Default)]
pub struct Played {
    /// The game-over screen is showing.
    pub over: bool,
    pub clicks: usize,
    /// Clicks by kind ("card", "seat", "confirm", "pass", …).
    pub by_kind: std::collections::BTreeMap<String, usize>,
}

/// Bounds for [`play_by_clicking`].
#[derive(Clone, Debug)]
pub struct Bounds {
    /// Fail after this many clicks without a game over.
    pub max_clicks: usize,
    /// Fail after this long without a game over.
    pub limit: Duration,
    /// Return (without a game over) after this many clicks, to look at the game mid-way.
    pub pause_after: Option<usize>,
    /// Return as soon as this script returns something truthy.
    pub until: Option<&'static str>,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            max_clicks: 3_000,
            limit: Duration::from_secs(200),
            pause_after: None,
            until: None,
        }
    }
}

/// Plays my seat by clicking until the game-over screen shows (or `bounds` says to stop):
/// any highlighted legal option, passing when nothing fits.
pub async fn play_by_clicking(browser: &Browser, bounds: &Bounds) -> Result<Played> {
    let Bounds {
        max_clicks,
        limit,
        pause_after,
        until,
    } = bounds.clone();
    let started = Instant::now();
    let mut played = Played::default();
    let mut stuck_since: Option<Instant> = None;
    loop {
        if started.elapsed() > limit {
            let text = browser.page_text().await.unwrap_or_default();
            return fail(format!(
                "no game over after {limit:?} and {} clicks; the page shows:\n{text}",
                played.clicks
            ));
        }
        if let Some(script) = until {
            if !matches!(
                browser.js(script, vec![]).await?,
                Value::Null | Value::Bool(false)
            ) {
                return Ok(played);
            }
        }
        let next = browser.js(NEXT_CLICK, vec![]).await?;
        if next["done"].as_bool() == Some(true) {
            played.over = true;
            return Ok(played);
        }
        if let Some(reason) = next["stuck"].as_str() {
            let since = *stuck_since.get_or_insert_with(Instant::now);
            if since.elapsed() > Duration::from_secs(5) {
                let text = browser.page_text().await.unwrap_or_default();
                return fail(format!("stuck: {reason}; the page shows:\n{text}"));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        stuck_since = None;
        let Some(element) = browser.element(&next["el"]) else {
            tokio::time::sleep(Duration::from_millis(40)).await;
            continue;
        };
        if played.clicks >= max_clicks {
            return fail(format!("more than {max_clicks} clicks without a game over"));
        }
        let what = next["what"].as_str().unwrap_or("?").to_string();
        // The page may redraw between choosing and clicking: a stale element is skipped.
        if element.click().await.is_ok() {
            played.clicks += 1;
            *played.by_kind.entry(what).or_default() += 1;
            if pause_after.is_some_and(|n| played.clicks >= n) {
                return Ok(played);
            }
        }
    }
}
