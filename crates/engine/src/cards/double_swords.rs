//! 雌雄双股剑 Double Swords — 武器, range 2.
//!
//! 当你使用【杀】指定一名异性角色为目标后，你可以令其选择一项：弃置一张手牌，或令你摸一张牌。
//! After your 杀 targets a character of the other gender, you may make them choose: discard a hand
//! card, or let you draw a card (if they have no hand card, you draw).

use crate::action::Action;
use crate::card::{CardKind, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::DoubleSwords,
    ["雌雄双股剑", "Double Swords", "当你使用【杀】指定一名异性角色为目标后，你可以令其选择一项：弃置一张手牌，或令你摸一张牌。", "After your Slash targets a character of the other gender, you may make them discard a hand card or let you draw a card."],
    Slot::Weapon,
    2,
    Some(SkillId::DoubleSwords),
);

pub static SKILL: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::TargetConfirmed,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::DoubleSwords,
        "雌雄双股剑",
        "Double Swords",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Target { use_id, target } = data else {
        return false;
    };
    let card_use = game.card_use(*use_id);
    card_use.user == owner
        && card_use.card.kind == CardKind::Slash
        && is_other_gender(game, owner, *target)
}

/// 异性 Of the other gender: both have one (a hidden 国战 character has none, H-HID-2) and they
/// differ.
fn is_other_gender(game: &Game, a: Seat, b: Seat) -> bool {
    matches!((game.gender(a), game.gender(b)), (Some(x), Some(y)) if x != y)
}

fn on_trigger(_: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Target { target, .. } = data else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::DoubleSwords, owner);
    frame.seats = vec![*target];
    Some(Frame::Skill(frame))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let target = frame.seats[0];
    if frame.step == 0 {
        let hand = game.hand(target).to_vec();
        if hand.is_empty() {
            game.draw(frame.owner, 1);
            return Step::Done;
        }
        frame.step = 1;
        return Step::ask(Prompt::new(
            target,
            PromptKind::Choose {
                cause: Cause::Skill(SkillId::DoubleSwords),
            },
            Choices::Cards {
                from: hand,
                min: 1,
                max: 1,
                can_pass: true,
            },
        ));
    }
    match game.take_answer() {
        Some((_, Action::Cards { cards })) => game.discard(&cards),
        _ => game.draw(frame.owner, 1),
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::scenario::Scenario;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    /// Seat 0 (male) holds 雌雄双股剑 and a 杀; seat 1 is 貂蝉 (female) with `hand`.
    fn swords(hand: &[crate::card::CardKind]) -> Scenario {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[DoubleSwords]);
        seat(&mut s, 1).general = GeneralId::Diaochan;
        seat(&mut s, 1).hand = cards(hand);
        s
    }

    #[test]
    fn the_target_of_the_other_gender_discards_a_hand_card() {
        let mut c = Check::new(swords(&[Peach]));
        c.card(0, Slash, &[1]);
        assert!(c.is_asked(0, |k| *k
            == PromptKind::Confirm {
                skill: SkillId::DoubleSwords
            }));
        c.skill(0, SkillId::DoubleSwords);
        let peach = c.hand_card(1, Peach);
        c.act(1, Action::Cards { cards: vec![peach] });
        assert!(c.hand(1).is_empty());
        assert!(c.hand(0).is_empty());
        // Then the 杀 resolves as usual.
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
    }

    #[test]
    fn or_lets_the_user_draw_a_card() {
        let mut s = swords(&[Peach]);
        s.draw_pile_top = cards(&[Duel]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1])
            .skill(0, SkillId::DoubleSwords)
            .pass(1);
        assert_eq!(c.hand(0), vec![Duel]);
        assert_eq!(c.hand(1), vec![Peach]);
    }

    #[test]
    fn a_target_without_hand_cards_lets_the_user_draw() {
        let mut s = swords(&[]);
        s.draw_pile_top = cards(&[Duel]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).skill(0, SkillId::DoubleSwords);
        assert_eq!(c.hand(0), vec![Duel]);
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
    }

    #[test]
    fn not_offered_against_the_same_gender() {
        let mut s = swords(&[Peach]);
        seat(&mut s, 1).general = GeneralId::White;
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        assert!(!c.has_prompt(0));
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
    }
}
