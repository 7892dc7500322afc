//! 寒冰剑 Ice Sword (EX) — 武器, range 2.
//!
//! 当你使用【杀】对目标角色造成伤害时，若其有牌，你可以防止此伤害，然后依次弃置其两张牌。
//! When your 杀 would deal damage to a target who has cards (hand or equipment), you may prevent
//! the damage and instead discard two of their cards, one at a time.

use crate::action::Action;
use crate::card::{CardKind, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::Cause;
use crate::resolve::pick::Areas;
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::IceSword,
    ["寒冰剑", "Ice Sword", "当你使用【杀】对目标角色造成伤害时，若其有牌，你可以防止此伤害，然后依次弃置其两张牌。", "When your Slash would deal damage to a target with cards, you may prevent it and discard two of their cards instead."],
    Slot::Weapon,
    2,
    Some(SkillId::IceSword),
);

pub static SKILL: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DealingDamage,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::IceSword,
        "寒冰剑",
        "Ice Sword",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Damage(damage) = data else {
        return false;
    };
    damage.source == Some(owner)
        && damage.is_by_slash()
        && !damage.prevented
        && game.has_cards_in(damage.target, Areas::HAND_AND_EQUIP)
}

fn on_trigger(_: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Damage(damage) = data else {
        return None;
    };
    damage.prevented = true;
    let mut frame = SkillFrame::new(SkillId::IceSword, owner);
    frame.seats = vec![damage.target];
    Some(Frame::Skill(frame))
}

/// Discards two of the target's cards, one at a time.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let target = frame.seats[0];
    if frame.step == 1 {
        if let Some((_, action)) = game.take_answer() {
            if let Some(card) = game.take_pick(target, &action) {
                game.discard(&[card]);
            }
        }
        frame.n += 1;
        frame.step = 0;
        return Step::Again;
    }
    if frame.n >= 2 || !game.has_cards_in(target, Areas::HAND_AND_EQUIP) {
        return Step::Done;
    }
    frame.step = 1;
    let cause = Cause::Skill(SkillId::IceSword);
    Step::ask(game.pick_prompt(frame.owner, target, Areas::HAND_AND_EQUIP, cause, false))
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::*;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    fn pick_hand(c: &mut Check) {
        c.act(
            0,
            Action::Pick {
                pick: Pick::Hand { index: 0 },
            },
        );
    }

    #[test]
    fn prevents_the_damage_and_discards_two_cards_instead() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[IceSword]);
        seat(&mut s, 1).hand = cards(&[Peach, Duel]);
        seat(&mut s, 1).equip = cards(&[Dilu]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        assert!(c.is_asked(0, |k| *k
            == PromptKind::Confirm {
                skill: SkillId::IceSword
            }));
        c.skill(0, SkillId::IceSword);
        pick_hand(&mut c);
        let dilu = c.game.table().seats[1].equipment().next().unwrap();
        c.act(
            0,
            Action::Pick {
                pick: Pick::Card { card: dilu },
            },
        );
        assert_eq!(c.hp(1), 4);
        assert_eq!(c.hand(1).len(), 1);
        assert!(c.equipment(1).is_empty());
        assert!(c.discard_pile().contains(&Dilu));
        assert!(c.has_prompt(0));
        c.assert_conserved();
    }

    #[test]
    fn declined_the_damage_is_dealt() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[IceSword]);
        seat(&mut s, 1).hand = cards(&[Peach]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1).pass(0);
        assert_eq!(c.hp(1), 3);
        assert_eq!(c.hand(1), vec![Peach]);
    }

    #[test]
    fn a_target_with_one_card_loses_it_and_takes_no_damage() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[IceSword]);
        seat(&mut s, 1).hand = cards(&[Peach]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        c.skill(0, SkillId::IceSword);
        pick_hand(&mut c);
        assert_eq!(c.hp(1), 4);
        assert!(c.hand(1).is_empty());
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }

    #[test]
    fn not_offered_when_the_target_has_no_hand_or_equipment() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[IceSword]);
        seat(&mut s, 1).judge = cards(&[Indulgence]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 3);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }
}
