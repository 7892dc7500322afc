//! 解围 Jiewei — 曹仁 (2013).
//!
//! 每当你的武将牌翻面后，你可以摸一张牌，然后你可以使用一张锦囊牌或装备牌，并可以在此牌结算后弃置场上一张同类型的牌。
//! After your general is turned over, you may draw a card; then you may use a trick or equipment
//! card from your hand, and after it has resolved you may discard a card of the same type on the
//! board.
//!
//! W-JIEWEI-1: every turn-over of 曹仁, either way. The card is used there and then, with its
//! normal targets; 无懈可击 cannot be used this way. "Same type": after an equipment card, any
//! equipped card on the board; after a trick, any card in a judgment area.

use crate::action::Action;
use crate::card::{CardKind, Category};
use crate::def::skill::{Ask, CardMode, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::TurnedOver,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Jiewei,
        "解围",
        "Jiewei",
        "每当你的武将牌翻面后，你可以摸一张牌，然后你可以使用一张锦囊牌或装备牌，并可以在此牌结算后弃置场上一张同类型的牌。",
        "After your general is turned over, you may draw a card; then you may use a trick or equipment card from your hand, and after it has resolved you may discard a card of the same type on the board.",
    )
};

/// `SkillFrame::n`: the type of the card used.
const TRICK: u8 = 1;
const EQUIP: u8 = 2;

fn can_trigger(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::TurnedOver { seat, .. } if *seat == owner)
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.draw(owner, 1);
    Some(Frame::Skill(SkillFrame::new(SkillId::Jiewei, owner)))
}

fn card_type(game: &Game, kind: CardKind) -> Option<u8> {
    match game.card_def(kind).category {
        Category::Trick | Category::DelayedTrick if kind != CardKind::Nullification => Some(TRICK),
        Category::Equip(_) => Some(EQUIP),
        _ => None,
    }
}

/// The trick and equipment cards of his hand he may use now, with their targets.
fn uses(game: &Game, owner: Seat) -> Vec<Action> {
    let mut actions = Vec::new();
    for option in game.card_options(owner, None, CardMode::Play) {
        if option.skill.is_some() || card_type(game, option.card.kind).is_none() {
            continue;
        }
        if !(game.card_def(option.card.kind).can_use)(game, owner, &option.card) {
            continue;
        }
        for targets in game.target_sets(owner, &option.card) {
            actions.push(Action::Card {
                cards: option.cards.clone(),
                skill: None,
                targets,
            });
        }
    }
    actions
}

/// The cards on the board of the type used: equipped cards, or cards in judgment areas.
fn board_cards(game: &Game, kind: u8) -> Vec<Action> {
    let mut actions = Vec::new();
    for seat in game.order_from_current() {
        let cards = &game.table.seats[seat.index()];
        let on_board: Vec<_> = if kind == EQUIP {
            cards.equipment().collect()
        } else {
            cards.judge.iter().map(|d| d.card).collect()
        };
        actions.extend(on_board.into_iter().map(|card| Action::Skill {
            skill: SkillId::Jiewei,
            cards: vec![card],
            targets: vec![seat],
        }));
    }
    actions
}

fn ask(owner: Seat, mut actions: Vec<Action>) -> Step {
    actions.push(Action::Pass);
    Step::ask(Prompt::new(
        owner,
        PromptKind::Choose {
            cause: Cause::Skill(SkillId::Jiewei),
        },
        Choices::actions(actions),
    ))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        // Use a card? Asked whenever he has a hand card (what it is stays his secret).
        0 => {
            if !game.is_alive(owner) || game.hand(owner).is_empty() {
                return Step::Done;
            }
            frame.step = 1;
            ask(owner, uses(game, owner))
        }
        1 => {
            let Some((
                _,
                Action::Card {
                    cards,
                    skill,
                    targets,
                },
            )) = game.take_answer()
            else {
                return Step::Done;
            };
            let Some(kind) = cards.first().map(|c| game.card(*c).kind) else {
                return Step::Done;
            };
            frame.n = card_type(game, kind).unwrap_or(0);
            frame.step = 2;
            match crate::flow::turn::start_use(game, owner, &cards, skill, targets) {
                Some(use_frame) => Step::Push(use_frame),
                None => Step::Done,
            }
        }
        // It has resolved: discard a card of its type on the board?
        2 => {
            game.take_reply();
            let actions = board_cards(game, frame.n);
            if actions.is_empty() || !game.is_alive(owner) {
                return Step::Done;
            }
            frame.step = 3;
            ask(owner, actions)
        }
        _ => {
            if let Some((_, Action::Skill { cards, .. })) = game.take_answer() {
                game.discard(&cards);
            }
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::{Phase, PromptKind};
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// 曹仁 (seat 0) at the start of his end phase uses 据守; seat 1 has a 诸葛连弩 and a
    /// 乐不思蜀 in its judgment area.
    fn caoren(draw: crate::card::CardKind) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        s.phase = Phase::Finish;
        seat(&mut s, 0).general = GeneralId::Caoren;
        seat(&mut s, 1).equip = cards(&[Crossbow]);
        seat(&mut s, 1).judge = cards(&[Indulgence]);
        s.draw_pile_top = cards(&[Peach, draw, Jink, Jink, Jink]);
        let mut c = Check::new(s);
        c.skill(0, SkillId::Jushou);
        assert!(c.is_asked(0, |k| *k
            == PromptKind::Confirm {
                skill: SkillId::Jiewei
            }));
        c.skill(0, SkillId::Jiewei);
        c
    }

    #[test]
    fn w_jiewei_1_after_an_equipment_card_discards_an_equipped_card() {
        let mut c = caoren(Axe);
        assert_eq!(c.hand(0), vec![Peach, Axe]);
        // The 桃 is no trick or equipment: only the 贯石斧 is offered.
        let offered = c.prompt(0).legal_actions(20);
        assert_eq!(offered.len(), 2, "{offered:?}");
        c.card(0, Axe, &[]);
        assert_eq!(c.equipment(0), vec![Axe]);
        // Both equipped cards may be discarded; the judgment-area card may not.
        let choices = c.prompt(0).legal_actions(20);
        assert_eq!(choices.len(), 3, "{choices:?}");
        let crossbow = c.game.table().seats[1].equipment().next().unwrap();
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Jiewei,
                cards: vec![crossbow],
                targets: vec![Seat(1)],
            },
        );
        assert!(c.equipment(1).is_empty());
        assert!(c.discard_pile().contains(&Crossbow));
        c.assert_conserved();
    }

    #[test]
    fn w_jiewei_1_after_a_trick_discards_a_judgment_card() {
        let mut c = caoren(ExNihilo);
        c.card(0, ExNihilo, &[]).pass_windows();
        let choices = c.prompt(0).legal_actions(20);
        assert_eq!(choices.len(), 2, "the 乐不思蜀 or nothing: {choices:?}");
        c.act(0, choices[0].clone());
        assert!(c.judge_area(1).is_empty());
        c.assert_conserved();
    }

    #[test]
    fn w_jiewei_1_no_nullification() {
        let c = caoren(Nullification);
        assert_eq!(c.prompt(0).legal_actions(20), vec![Action::Pass]);
    }
}
