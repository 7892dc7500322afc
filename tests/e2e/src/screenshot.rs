//! Screenshots at desktop and phone sizes, and the workspace folders the tests write and read.

use std::path::{Path, PathBuf};

use crate::{Browser, Result};

/// Desktop and phone window sizes for screenshots.
pub const DESKTOP: (u32, u32) = (1280, 800);
pub const PHONE: (u32, u32) = (360, 740);

impl Browser {
    /// Writes a PNG screenshot of the viewport to `artifacts/screenshots/<name>.png`.
    pub async fn screenshot(&self, name: &str) -> Result<PathBuf> {
        let png = self.client.screenshot().await?;
        let dir = screenshot_dir();
        std::fs::create_dir_all(&dir)?;
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png)?;
        Ok(path)
    }
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
