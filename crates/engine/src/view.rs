//! What each seat may know: the [`View`] snapshot and event redaction. This is the ONLY place that
//! decides visibility; the server forwards what it returns and never looks at `Game` itself.
//!
//! Hidden: other seats' roles (until death or game over; the lord's is public), other seats' hand
//! cards, the draw pile's order, cards moved face down, what a seat privately saw. Hidden things
//! are absent from these types: an opponent's hand is a count, a face-down card has no id.

use serde::{Deserialize, Serialize};

use crate::card::{CardId, CardKind};
use crate::event::{Event, Outcome};
use crate::game::Game;
use crate::generals::GeneralId;
use crate::prompt::{Phase, Prompt, PromptKind};
use crate::seat::{Gender, Kingdom, Role, Seat};

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
}

/// Who is being asked what (public: the kind of decision, never its options).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Waiting {
    pub seat: Seat,
    pub kind: PromptKind,
}

/// A snapshot of the table for one viewer (`None` = spectator).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct View {
    pub viewer: Option<Seat>,
    pub seats: Vec<SeatView>,
    pub draw_pile: u8,
    /// Face up; the last is on top.
    pub discard_pile: Vec<CardId>,
    pub processing: Vec<CardId>,
    pub current: Seat,
    pub phase: Option<Phase>,
    pub turn_number: u32,
    pub waiting: Vec<Waiting>,
    /// The viewer's own pending decision, with its legal answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt: Option<Prompt>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

/// Is `seat`'s role known to `viewer`?
fn role_known(game: &Game, seat: Seat, viewer: Option<Seat>) -> bool {
    Some(seat) == viewer || game.role(seat) == Role::Lord || !game.is_alive(seat) || game.is_over()
}

/// The snapshot for `viewer`.
pub fn view(game: &Game, viewer: Option<Seat>) -> View {
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
                role: role_known(game, seat, viewer).then_some(state.role),
                hand_count: cards.hand.len() as u8,
                hand: (Some(seat) == viewer).then(|| cards.hand.clone()),
                equip: cards.equipment().collect(),
                judge: cards.judge.iter().map(|d| (d.card, d.kind)).collect(),
            }
        })
        .collect();
    View {
        viewer,
        seats,
        draw_pile: game.table.draw_pile.len() as u8,
        discard_pile: game.table.discard_pile.clone(),
        processing: game.table.processing.clone(),
        current: game.turn.seat,
        phase: game.turn.phase,
        turn_number: game.turn.number,
        waiting: game
            .prompts
            .iter()
            .map(|p| Waiting {
                seat: p.seat,
                kind: p.kind.clone(),
            })
            .collect(),
        prompt: viewer.and_then(|v| game.prompt_for(v).cloned()),
        outcome: game.outcome.clone(),
    }
}

/// What `viewer` may see of `event`; `None` if it sees nothing of it.
pub fn redact(event: &Event, viewer: Option<Seat>) -> Option<EventView> {
    use Event as E;
    Some(match event.clone() {
        E::RoleDealt { seat, role } => {
            if Some(seat) != viewer && role != Role::Lord {
                return None;
            }
            E::RoleDealt { seat, role }
        }
        E::CardsMoved {
            cards,
            from,
            to,
            known,
            bottom,
        } => {
            let visible = known.includes(viewer);
            E::CardsMoved {
                cards: cards.into_iter().map(|c| visible.then_some(c)).collect(),
                from,
                to,
                known,
                bottom,
            }
        }
        E::GameStarted { seats, lord } => E::GameStarted { seats, lord },
        E::GeneralShown {
            seat,
            general,
            hp,
            max_hp,
        } => E::GeneralShown {
            seat,
            general,
            hp,
            max_hp,
        },
        E::TurnStarted { seat } => E::TurnStarted { seat },
        E::PhaseStarted { seat, phase } => E::PhaseStarted { seat, phase },
        E::PhaseSkipped { seat, phase } => E::PhaseSkipped { seat, phase },
        E::TurnEnded { seat } => E::TurnEnded { seat },
        E::CardUsed {
            seat,
            card,
            targets,
        } => E::CardUsed {
            seat,
            card,
            targets,
        },
        E::CardPlayed { seat, card } => E::CardPlayed { seat, card },
        E::SkillInvoked {
            seat,
            skill,
            targets,
        } => E::SkillInvoked {
            seat,
            skill,
            targets,
        },
        E::SuitNamed { seat, suit, cause } => E::SuitNamed { seat, suit, cause },
        E::EffectCancelled { card, target } => E::EffectCancelled { card, target },
        E::Judged { seat, card, cause } => E::Judged { seat, card, cause },
        E::Damaged {
            source,
            target,
            amount,
            nature,
            hp,
        } => E::Damaged {
            source,
            target,
            amount,
            nature,
            hp,
        },
        E::HpLost { seat, amount, hp } => E::HpLost { seat, amount, hp },
        E::Recovered { seat, amount, hp } => E::Recovered { seat, amount, hp },
        E::Dying { seat } => E::Dying { seat },
        E::Died { seat, role, killer } => E::Died { seat, role, killer },
        E::DeckReshuffled { count } => E::DeckReshuffled { count },
        E::GameOver { outcome } => E::GameOver { outcome },
    })
}
