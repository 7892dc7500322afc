//! 知己知彼 Known Both — 普通锦囊 of the 国战 deck (`hegemony.md` H-CARD-ZHIJI).
//!
//! 出牌阶段，对一名其他角色使用。你观看其所有手牌或其一张暗置的武将牌。此牌可以重铸。
//! Use on another character with a hand card or a hidden general. You choose: look at all its hand
//! cards, or at its hidden main general, or at its hidden deputy ([`HAND`], [`MAIN`], [`DEPUTY`];
//! only what it has is offered, and with one choice you are not asked). Only you see what you
//! looked at; everyone is told which you chose (H-VIS-3): the hand through a `CardsShown` to you
//! alone, a general through `GeneralSeen`, named to you alone. You may instead recast it (重铸:
//! discard it and draw one — not a use, no 无懈可击).

use crate::action::Action;
use crate::card::{CardKind, Category, UsedCard};
use crate::def::card::{always, CardDef, Target};
use crate::event::{Event, Known};
use crate::game::Game;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{EffectFrame, Step};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::KnownBoth,
    name_zh: "知己知彼",
    name_en: "Known Both",
    text_zh: "出牌阶段，对一名其他角色使用。你观看其所有手牌或其一张暗置的武将牌。此牌可以重铸。",
    text_en: "Use on another character: look at all its hand cards or at one of its hidden generals. You may instead recast it (discard it and draw a card).",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::One(something_to_see),
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
    recast: true,
    on_unequip: None,
    after_effects: None,
};

/// Look at the target's hand.
pub const HAND: u8 = 0;
/// Look at the target's hidden main general (主将).
pub const MAIN: u8 = 1;
/// Look at the target's hidden deputy (副将).
pub const DEPUTY: u8 = 2;

/// What the user may look at: the hand if it has cards, each general still face down.
fn options(game: &Game, target: Seat) -> Vec<u8> {
    let mut options = Vec::new();
    if !game.hand(target).is_empty() {
        options.push(HAND);
    }
    if let Some(duo) = game.duo(target) {
        if !duo.main_shown {
            options.push(MAIN);
        }
        if !duo.deputy_shown {
            options.push(DEPUTY);
        }
    }
    options
}

/// Another character with a hand card or a hidden general.
fn something_to_see(game: &Game, user: Seat, target: Seat, _: &UsedCard) -> bool {
    user != target && !options(game, target).is_empty()
}

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let user = game.card_use(frame.use_id).user;
    let target = frame.target;
    let offered = options(game, target);
    let chosen = match frame.step {
        0 if offered.len() > 1 => {
            frame.step = 1;
            let actions = offered.iter().map(|&index| Action::Option { index });
            return Step::ask(Prompt::new(
                user,
                PromptKind::Choose {
                    cause: Cause::Card(CardKind::KnownBoth),
                },
                Choices::actions(actions.collect()),
            ));
        }
        0 => offered.first().copied(),
        _ => match game.take_answer() {
            Some((_, Action::Option { index })) if offered.contains(&index) => Some(index),
            _ => offered.first().copied(),
        },
    };
    match chosen {
        Some(HAND) => {
            let hand = game.hand(target).to_vec();
            game.show_cards(target, &hand, Known::Seats(vec![user]));
        }
        Some(side @ (MAIN | DEPUTY)) => {
            let deputy = side == DEPUTY;
            if let Some(duo) = game.duo(target) {
                let general = if deputy { duo.deputy } else { duo.main };
                game.emit(Event::GeneralSeen {
                    seat: user,
                    target,
                    deputy,
                    general: Some(general),
                });
            }
        }
        _ => {}
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use super::{DEPUTY, HAND, MAIN};
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::cards::heg_test::{heg_table, Side};
    use crate::event::Event;
    use crate::ids::GeneralId;
    use crate::prompt::{Cause, PromptKind};
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    fn choices(c: &Check, seat: u8) -> Vec<Action> {
        assert!(c.is_asked(seat, |k| *k
            == PromptKind::Choose {
                cause: Cause::Card(KnownBoth)
            }));
        c.prompt(seat).legal_actions(8)
    }

    /// H-CARD-ZHIJI, H-VIS-3: the user looks at a hidden deputy; only it is told which general
    /// it is (the owner knows), everyone else and a spectator only that it looked at the deputy.
    #[test]
    fn h_card_zhiji_a_hidden_general_is_named_to_the_user_only() {
        let mut s = heg_table(&[Side::Wu, Side::Wei, Side::Shu]);
        seat(&mut s, 0).hand = cards(&[KnownBoth]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, KnownBoth, &[1]).pass_windows();
        let offered = choices(&c, 0);
        assert!(offered.contains(&Action::Option { index: HAND }));
        assert!(offered.contains(&Action::Option { index: DEPUTY }));
        assert!(!offered.contains(&Action::Option { index: MAIN }), "shown");
        c.act(0, Action::Option { index: DEPUTY });
        let deputy = c.game.duo(Seat(1)).unwrap().deputy;
        let named = |viewer: Option<u8>| {
            c.seen_by(viewer).iter().find_map(|e| match e {
                Event::GeneralSeen {
                    seat: Seat(0),
                    target: Seat(1),
                    deputy: true,
                    general,
                } => Some(*general),
                _ => None,
            })
        };
        assert_eq!(named(Some(0)), Some(Some(deputy)));
        assert_eq!(named(Some(1)), Some(Some(deputy)));
        assert_eq!(named(Some(2)), Some(None));
        assert_eq!(named(None), Some(None));
        assert!(!c.game.duo(Seat(1)).unwrap().deputy_shown, "still hidden");
        let text = serde_json::to_string(&c.game.view(Seat(2))).unwrap();
        assert!(!text.contains(&serde_json::to_string(&deputy).unwrap()));
    }

    /// H-CARD-ZHIJI: the whole hand, shown to the user only.
    #[test]
    fn h_card_zhiji_the_hand_is_shown_to_the_user_only() {
        let mut s = heg_table(&[Side::Wu, Side::Wei, Side::Shu]);
        seat(&mut s, 0).hand = cards(&[KnownBoth]);
        seat(&mut s, 1).hand = cards(&[Jink, Peach]);
        let mut c = Check::new(s);
        c.card(0, KnownBoth, &[1]).pass_windows();
        c.act(0, Action::Option { index: HAND });
        let shown = |viewer: Option<u8>| {
            c.seen_by(viewer).iter().find_map(|e| match e {
                Event::CardsShown {
                    seat: Seat(1),
                    cards,
                    ..
                } => Some(cards.iter().flatten().count()),
                _ => None,
            })
        };
        assert_eq!(shown(Some(0)), Some(2));
        assert_eq!(shown(Some(2)), Some(0));
        assert_eq!(shown(None), Some(0));
    }

    /// H-CARD-ZHIJI: a target without hand cards and with both generals shown is no target; a
    /// wholly hidden one without hand cards is (its generals).
    #[test]
    fn h_card_zhiji_needs_a_hand_card_or_a_hidden_general() {
        let mut s = heg_table(&[Side::Wu, Side::Wei, Side::Hidden]);
        seat(&mut s, 0).hand = cards(&[KnownBoth]);
        seat(&mut s, 1).duo.as_mut().unwrap().deputy_shown = true;
        let mut c = Check::new(s);
        assert!(c.find_card(0, KnownBoth, &[1]).is_none());
        assert!(
            c.find_card(0, KnownBoth, &[0]).is_none(),
            "another character"
        );
        c.card(0, KnownBoth, &[2]).pass_windows();
        let offered = choices(&c, 0);
        assert_eq!(
            offered,
            vec![
                Action::Option { index: MAIN },
                Action::Option { index: DEPUTY }
            ]
        );
        c.act(0, Action::Option { index: MAIN });
        let main = c.game.duo(Seat(2)).unwrap().main;
        assert_ne!(main, GeneralId::White);
        assert!(c.seen_by(Some(0)).iter().any(|e| matches!(
            e,
            Event::GeneralSeen { general: Some(g), deputy: false, .. } if *g == main
        )));
    }

    /// H-CARD-ZHIJI: recastable — discard it and draw one, no window.
    #[test]
    fn h_card_zhiji_may_be_recast() {
        let mut s = heg_table(&[Side::Wu, Side::Wei]);
        seat(&mut s, 0).hand = cards(&[KnownBoth]);
        let mut c = Check::new(s);
        let card = c.hand_card(0, KnownBoth);
        c.act(0, Action::Recast { card });
        assert_eq!(c.discard_pile(), vec![KnownBoth]);
        assert_eq!(c.hand(0).len(), 1);
        assert!(!c.has_prompt(1));
    }
}
