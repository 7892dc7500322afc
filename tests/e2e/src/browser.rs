//! Starting and ending a browser: a chromedriver per [`Browser`], a headless Chromium with a
//! fresh profile, and cleanup when a test fails midway.

use std::net::{TcpListener as StdListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use serde_json::json;

use crate::{fail, Result, WAIT};

/// The browser binary used unless `SGS_CHROMIUM` names another.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// The browser binary: `SGS_CHROMIUM`, or [`CHROMIUM`].
pub(crate) fn chromium() -> PathBuf {
    std::env::var_os("SGS_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(CHROMIUM))
}

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

    /// Ends the WebDriver session (the browser closes; chromedriver is killed on drop).
    pub async fn close(mut self) -> Result {
        self.client.clone().close().await?;
        self.closed = true;
        Ok(())
    }
}
