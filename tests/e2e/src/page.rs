//! Page helpers on a [`Browser`]: running scripts, waiting for things to appear, clicking,
//! reading text and attributes, and collecting the errors the page recorded.

use std::time::{Duration, Instant};

use fantoccini::elements::{Element, ElementRef};
use fantoccini::Locator;
use serde_json::{json, Value};

use crate::{fail, Browser, Result};

/// How long a test waits for one thing to appear on a page. Generous, because a CI machine with
/// two cores may be busy; a passing test never waits this long.
pub const WAIT: Duration = Duration::from_secs(45);

impl Browser {
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
            // The page may redraw between the check and the find (the element is replaced or
            // gone): then look again.
            if self.js(script, vec![json!(css)]).await?.as_bool() == Some(true) {
                if let Ok(element) = self.client.find(Locator::Css(css)).await {
                    return Ok(element);
                }
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
        let mut errors = self.page_errors().await?;
        // Text the page drew from a value it did not know how to say (a zone object where a seat
        // was expected, a missing parameter), in the log (hidden tabs too) or on the page.
        let garbled = self
            .js(
                "const texts = [document.body.innerText, \
                   ...[...document.querySelectorAll('[data-testid=log-line]')].map((e) => e.textContent)]; \
                 return texts.flatMap((text) => text.split('\\n')) \
                   .filter((line) => /\\[object Object\\]|\\bundefined\\b|\\bNaN\\b|\\{[a-z_]+\\}/.test(line));",
                vec![],
            )
            .await?;
        for line in garbled.as_array().into_iter().flatten() {
            errors.push(format!("garbled text: {line}"));
        }
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
}

/// Whether a WebDriver error says the element was replaced (the page redrew).
fn is_stale(error: &fantoccini::error::CmdError) -> bool {
    let text = error.to_string();
    text.contains("stale element") || text.contains("not attached")
}
