//! Driving the web client: the lobby, creating and starting a room, and reading what the
//! table shows (seats, my hand, every card in the page).

use serde_json::{json, Value};

use crate::{Browser, Result, TestServer};

/// Opens the client and waits for the lobby (connected, room list drawn).
pub async fn open_lobby(browser: &Browser, server: &TestServer, nickname: &str) -> Result {
    open_lobby_at(browser, &server.url(), nickname).await
}

/// [`open_lobby`] with the page opened at `url` (an invite link, another host name).
pub async fn open_lobby_at(browser: &Browser, url: &str, nickname: &str) -> Result {
    browser.goto(url).await?;
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
    /// Card packs to tick besides the default ones (by pack id, e.g. `maneuvering`).
    pub card_packs: Vec<&'static str>,
    /// General packs to tick besides the default ones (by pack id, e.g. `wind`).
    pub general_packs: Vec<&'static str>,
    /// The mode to choose (by id, e.g. `doudizhu`); the catalog's default if `None`.
    pub mode: Option<&'static str>,
    /// The text edition to choose (e.g. `2009`); the catalog's default if `None`.
    pub edition: Option<&'static str>,
    /// The bots' level (`random`, `heuristic`, `search`); the form's default if `None`.
    pub bot_level: Option<&'static str>,
}

/// Fills the create-room form, submits it and waits for the waiting room. Returns the room id.
pub async fn create_room(browser: &Browser, options: &Create) -> Result<String> {
    if let Some(mode) = options.mode {
        // Choosing the mode redraws its options and the seat counts it allows.
        let found = browser
            .js(
                "const select = document.getElementById('create-form').elements.mode; \
                 if (!select || ![...select.options].some((o) => o.value === arguments[0])) return false; \
                 select.value = arguments[0]; \
                 select.dispatchEvent(new Event('change')); return true;",
                vec![json!(mode)],
            )
            .await?;
        if found != Value::Bool(true) {
            return crate::fail(format!("the lobby offers no mode {mode:?}"));
        }
    }
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
    for pack in &options.card_packs {
        let found = browser
            .js(
                "const box = document.getElementById('create-form').elements['cards.' + arguments[0]]; \
                 if (!box) return false; box.checked = true; return true;",
                vec![json!(pack)],
            )
            .await?;
        if found != Value::Bool(true) {
            return crate::fail(format!("the lobby offers no card pack {pack:?}"));
        }
    }
    for pack in &options.general_packs {
        let found = browser
            .js(
                "const box = document.getElementById('create-form').elements['generals.' + arguments[0]]; \
                 if (!box) return false; box.checked = true; return true;",
                vec![json!(pack)],
            )
            .await?;
        if found != Value::Bool(true) {
            return crate::fail(format!("the lobby offers no general pack {pack:?}"));
        }
    }
    if let Some(edition) = options.edition {
        let found = browser
            .js(
                "const select = document.getElementById('create-form').elements.edition; \
                 if (!select || ![...select.options].some((o) => o.value === arguments[0])) return false; \
                 select.value = arguments[0]; return true;",
                vec![json!(edition)],
            )
            .await?;
        if found != Value::Bool(true) {
            return crate::fail(format!("the lobby offers no text edition {edition:?}"));
        }
    }
    if let Some(level) = options.bot_level {
        let found = browser
            .js(
                "const select = document.getElementById('create-form').elements.bot_level; \
                 if (!select || ![...select.options].some((o) => o.value === arguments[0])) return false; \
                 select.value = arguments[0]; return true;",
                vec![json!(level)],
            )
            .await?;
        if found != Value::Bool(true) {
            return crate::fail(format!("the lobby offers no bot level {level:?}"));
        }
    }
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

/// Opens a practice table (残局) from `scenario` (its JSON) with bots in the empty seats, and
/// starts its game.
pub async fn start_practice(browser: &Browser, scenario: &str) -> Result {
    browser
        .js(
            "const f = document.getElementById('create-form'); \
             f.querySelector('details').open = true; f.elements.scenario.value = arguments[0]; \
             f.elements.fill_bots.checked = true;",
            vec![json!(scenario)],
        )
        .await?;
    browser.click("[data-action=create-room]").await?;
    browser.wait_for("[data-testid=waiting-room]").await?;
    start_game(browser).await
}

/// Clicks the selectable hand card whose face shows `name`.
pub async fn click_hand_card(browser: &Browser, name: &str) -> Result {
    let found = browser
        .js(
            "return [...document.querySelectorAll('[data-testid=hand-card][data-selectable]')] \
               .find(el => el.innerText.includes(arguments[0])) || null;",
            vec![json!(name)],
        )
        .await?;
    match browser.element(&found) {
        Some(element) => Ok(element.click().await?),
        None => crate::fail(format!("no clickable {name} in my hand")),
    }
}

/// The game log's text as the page shows it.
pub async fn log_text(browser: &Browser) -> Result<String> {
    let log = browser
        .js(
            "return document.querySelector('[data-testid=log]').innerText;",
            vec![],
        )
        .await?;
    Ok(log.as_str().unwrap_or_default().to_string())
}

/// Creates a room of `seats` with bots in the empty seats and a 60 s clock, and starts its
/// game; returns the room's id.
pub async fn start_with_bots(browser: &Browser, seats: u8) -> Result<String> {
    let options = Create {
        seats,
        fill_bots: true,
        timeout_s: Some(60),
        ..Create::default()
    };
    let room = create_room(browser, &options).await?;
    start_game(browser).await?;
    Ok(room)
}
