//! What each seat may know: the [`View`] snapshot and event redaction. This is the ONLY place that
//! decides visibility; the server forwards what it returns and never looks at `Game` itself.
//!
//! Hidden: other seats' roles (until death or game over; the lord's is public), other seats' hand
//! cards, the draw pile's order, cards moved face down, what a seat privately saw. Hidden things
//! are absent from these types: an opponent's hand is a count, a face-down card has no id.
//!
//! The lasting state the mechanics keep is in the view too — marks (an owner-only one for its
//! owner), piles (an owner-only pile's cards for its owner, a count for others), chained and
//! turned over, the skills a seat has now, used limited and awakened skills — so a client that
//! reconnects sees exactly the table it left. [`fold`] keeps a view current from its events.
//!
//! Replays ([`replay_with`]) show a FINISHED game step by step as one seat or a spectator saw
//! it, or with everything open ([`Audience::Everyone`]: every hand, role and moved card). The open
//! view exists only there, and a replay refuses a record whose game does not end.

use std::borrow::Cow;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub mod fold;
mod redact;
mod replay;

use crate::card::{CardId, CardKind};
use crate::deck::Deck;
use crate::event::{Event, Outcome};
use crate::game::Game;
use crate::game::Mark;
use crate::ids::{GeneralId, SkillId};
use crate::prompt::{Phase, Prompt, PromptKind};
use crate::seat::{Gender, Kingdom, Role, Seat};
use crate::zone::Visibility;

/// An event as one audience sees it: moved cards it may not see have no id.
pub type EventView = Event<Option<CardId>>;

/// One seat as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SeatView {
    pub seat: Seat,
    pub general: GeneralId,
    pub kingdom: Kingdom,
    pub gender: Gender,
    pub hp: i8,
    pub max_hp: u8,
    pub alive: bool,
    /// Known role: one's own, the lord's, the dead's, everyone's after the game.
    pub role: Option<Role>,
    pub hand_count: u8,
    /// The hand, for the viewer's own seat only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<CardId>>,
    pub equip: Vec<CardId>,
    /// Delayed tricks in the judgment area with the kind each counts as, in the order placed.
    pub judge: Vec<(CardId, CardKind)>,
    /// The skills it has now (its general's, gained ones, less lost ones; equipment skills are
    /// the equipment's).
    pub skills: Cow<'static, [SkillId]>,
    /// 标记 Its marks the viewer may see.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<Mark>,
    /// 武将牌上的牌 Its piles.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub piles: Vec<PileView>,
    /// 横置 Chained.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chained: bool,
    /// 翻面 Its general is face down.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub turned: bool,
    /// 限定技 it has used.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub limited_used: Vec<SkillId>,
    /// 觉醒技 that have awakened.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub awakened: Vec<SkillId>,
    /// 国战: its two generals as the viewer may see them (once chosen).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duo: Option<DuoView>,
    /// 暗魂 (V-AH): it cannot be brought below 1 HP while this holds (public).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub protected: bool,
}

/// A seat's two generals (国战) as the viewer sees them: a face-down general is named to its
/// owner only (H-HID-4, H-VIS-2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct DuoView {
    /// 主将, if the viewer may see it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub main: Option<GeneralId>,
    /// 副将, if the viewer may see it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deputy: Option<GeneralId>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub main_shown: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deputy_shown: bool,
    /// 野心家.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub careerist: bool,
    /// 断肠: the main general's skills are lost (public).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub main_lost: bool,
    /// 断肠: the deputy's skills are lost (public).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deputy_lost: bool,
}

/// A pile on a general as the viewer sees it: how many cards, and which when it may see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PileView {
    pub skill: SkillId,
    pub visibility: Visibility,
    pub count: u8,
    /// The cards, in the order put there, when the viewer may see them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<CardId>>,
}

/// Who is being asked what (public: the kind of decision, never its options).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Waiting {
    pub seat: Seat,
    pub kind: PromptKind,
}

impl Game {
    /// Who is being asked what, as everyone may see it (a view's `waiting`, without building
    /// the rest of a view).
    pub fn waiting(&self) -> Vec<Waiting> {
        self.prompts
            .iter()
            .map(|p| Waiting {
                seat: p.seat,
                kind: p.kind.clone(),
            })
            .collect()
    }
}

/// A snapshot of the table for one viewer (`None` = spectator).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct View {
    pub viewer: Option<Seat>,
    /// The roles dealt, as many of each as the mode's deal gave (public from the start).
    #[serde(default)]
    pub dealt: Arc<[Role]>,
    /// The game's card table: every physical card by id (public; the same all game long). A
    /// replay sends it once rather than with every step, so it may be empty there.
    #[serde(default, skip_serializing_if = "Deck::is_empty")]
    pub deck: Deck,
    pub seats: Vec<SeatView>,
    pub draw_pile: u8,
    /// Face up; the last is on top.
    pub discard_pile: Vec<CardId>,
    pub processing: Vec<CardId>,
    pub current: Seat,
    /// The phase last announced this turn (`None` between turns).
    pub phase: Option<Phase>,
    pub turn_number: u32,
    pub waiting: Vec<Waiting>,
    /// The viewer's own pending decision, with its legal answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt: Option<Prompt>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// While the generals are chosen: what the viewer's partner is offered and has picked (2v2,
    /// M-2V2-2; the `GeneralsOffered` and `GeneralPicked` events keep it current).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partner_offer: Option<PartnerOffer>,
    /// The face-up generals of a draft not taken yet (1v1, M-1V1-2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draft: Vec<GeneralId>,
    /// The viewer's own generals not brought out yet, in the order it took them (1v1's line-up).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reserve: Vec<GeneralId>,
}

/// A partner's offer of generals, and its pick once made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PartnerOffer {
    pub seat: Seat,
    pub generals: Vec<GeneralId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picked: Option<GeneralId>,
}

/// The offer `viewer`'s partner has while a selection is running.
fn partner_offer(game: &Game, viewer: Option<Seat>) -> Option<PartnerOffer> {
    let viewer = viewer?;
    game.stack.iter().find_map(|frame| match frame {
        crate::resolve::Frame::Selection(selection) => selection.offer_seen_by(game, viewer),
        _ => None,
    })
}

/// Is `seat`'s role known to `viewer`?
fn role_known(game: &Game, seat: Seat, viewer: Option<Seat>) -> bool {
    Some(seat) == viewer
        || game.mode().public_roles.contains(&game.role(seat))
        || !game.is_alive(seat)
        || game.seat(seat).role_shown
        || game.is_over()
}

/// Does `viewer` see `seat`'s hand cards: its own, or its partner's where the mode says so (2v2)?
fn sees_hand(game: &Game, viewer: Option<Seat>, seat: Seat) -> bool {
    let Some(viewer) = viewer else { return false };
    viewer == seat || (game.mode().partner)(game, seat) == Some(viewer)
}

/// The snapshot for `viewer`.
pub fn view(game: &Game, viewer: Option<Seat>) -> View {
    snapshot(game, Sight::Of(viewer))
}

/// Who sees: one viewer (`None` = a spectator), or everyone everything (finished games' replays
/// only).
#[derive(Clone, Copy)]
enum Sight {
    Of(Option<Seat>),
    All,
}

impl Sight {
    fn viewer(self) -> Option<Seat> {
        match self {
            Sight::Of(viewer) => viewer,
            Sight::All => None,
        }
    }
}

fn snapshot(game: &Game, sight: Sight) -> View {
    let open = matches!(sight, Sight::All);
    let viewer = sight.viewer();
    let seats = (0..game.seat_count())
        .map(|i| {
            let seat = Seat(i as u8);
            let state = game.seat(seat);
            let cards = &game.table.seats[i];
            SeatView {
                seat,
                general: state.general,
                kingdom: state.kingdom,
                gender: state.gender,
                hp: state.hp,
                max_hp: state.max_hp,
                alive: state.alive,
                role: (open || role_known(game, seat, viewer)).then_some(state.role),
                hand_count: cards.hand.len() as u8,
                hand: (open || sees_hand(game, viewer, seat)).then(|| cards.hand.clone()),
                equip: cards.equipment().collect(),
                judge: cards.judge.iter().map(|d| (d.card, d.kind)).collect(),
                skills: state.skills.clone(),
                marks: state
                    .marks
                    .iter()
                    .filter(|m| open || m.visibility == Visibility::Public || Some(seat) == viewer)
                    .copied()
                    .collect(),
                piles: cards
                    .piles
                    .iter()
                    .map(|p| PileView {
                        skill: p.skill,
                        visibility: p.visibility,
                        count: p.cards.len() as u8,
                        cards: (open || p.visibility == Visibility::Public || Some(seat) == viewer)
                            .then(|| p.cards.clone()),
                    })
                    .collect(),
                chained: state.chained,
                turned: state.turned,
                limited_used: state.limited_used.clone(),
                awakened: state.awakened.clone(),
                duo: game.duo(seat).filter(|d| d.offer.is_empty()).map(|d| {
                    let sees = |shown: bool| open || shown || Some(seat) == viewer;
                    DuoView {
                        main: sees(d.main_shown).then_some(d.main),
                        deputy: sees(d.deputy_shown).then_some(d.deputy),
                        main_shown: d.main_shown,
                        deputy_shown: d.deputy_shown,
                        careerist: d.careerist,
                        main_lost: d.main_lost,
                        deputy_lost: d.deputy_lost,
                    }
                }),
                protected: crate::modes::identity::anhun::announced(game) == Some(seat),
            }
        })
        .collect();

    View {
        viewer,
        dealt: game.dealt.clone(),
        deck: game.deck.clone(),
        seats,
        draw_pile: game.table.draw_pile.len() as u8,
        discard_pile: game.table.discard_pile.clone(),
        processing: game.table.processing.clone(),
        current: game.turn.seat,
        phase: game.turn.announced,
        turn_number: game.turn.number,
        waiting: game.waiting(),
        prompt: viewer.and_then(|v| game.prompt_for(v).cloned()),
        outcome: game.outcome.clone(),
        partner_offer: if open {
            None
        } else {
            partner_offer(game, viewer)
        },
        draft: game.lineups.pool.clone(),
        reserve: viewer
            .map(|v| game.lineups.reserve(v).to_vec())
            .unwrap_or_default(),
    }
}

pub use redact::redact;
pub use replay::{replay_with, Audience, ReplayStep};
