//! The browser client: every file under `web/` is embedded in the binary (rust-embed), so the
//! single binary is enough to serve it. Content types come from the file extension.

use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Web;

fn file(path: &str) -> Response {
    match Web::get(path) {
        Some(file) => (
            [
                (header::CONTENT_TYPE, file.metadata.mimetype().to_string()),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
            ],
            file.data,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// `GET /`: the client's page.
pub async fn index() -> Response {
    file("index.html")
}

/// Any other path: the file of that name under `web/` (a directory's `index.html`). Browsers
/// that ask for `/favicon.ico` by habit get the SVG icon the pages link to.
pub async fn asset(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path == "favicon.ico" {
        file("favicon.svg")
    } else if path.is_empty() || path.ends_with('/') {
        file(&format!("{path}index.html"))
    } else {
        file(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_favicon_is_served_at_both_addresses() {
        for path in ["/favicon.ico", "/favicon.svg"] {
            let response = asset(Uri::from_static(path)).await;
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            let kind = response.headers()[header::CONTENT_TYPE].to_str().unwrap();
            assert_eq!(kind, "image/svg+xml", "{path}");
        }
        let missing = asset(Uri::from_static("/nothing.png")).await;
        assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    }
}
