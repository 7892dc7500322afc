//! 烈刃 Lieren — 祝融 (林; 国战 the same, H-SK-lieren).
//!
//! 每当你使用【杀】对目标角色造成伤害后，你可以与其拼点，若你赢，你获得其一张牌。
//! After a 杀 you used deals damage to a target, if both of you have hand cards, you may point
//! fight (拼点) it; if you win, you take one of its cards (hand or equipped).
//!
//! Not for chain damage nor damage moved to another (天香).

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::Cause;
use crate::resolve::pick::Areas;
use crate::resolve::pindian::skill_pindian;
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DamageDealt,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Lieren,
        "烈刃",
        "Lieren",
        "每当你使用【杀】对目标角色造成伤害后，你可以与其拼点，若你赢，你获得其一张牌。",
        "After your Slash deals damage to a target, you may point fight it; if you win, you take one of its cards.",
    )
};

const PINDIAN: u8 = 0;
const RESULT: u8 = 1;
const TAKEN: u8 = 2;

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Damage(damage) = data else {
        return false;
    };
    let target = damage.target;
    damage.source == Some(owner)
        && damage.is_by_slash()
        && !damage.chained
        && damage.use_id.is_some_and(|id| {
            game.uses
                .get(id)
                .is_some_and(|u| u.user == owner && u.targets.contains(&target))
        })
        && target != owner
        && game.is_alive(target)
        && !game.hand(owner).is_empty()
        && !game.hand(target).is_empty()
}

fn on_trigger(_: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Damage(damage) = data else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::Lieren, owner);
    frame.seats = vec![damage.target];
    Some(Frame::Skill(frame))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let Some(&target) = frame.seats.first() else {
        return Step::Done;
    };
    let owner = frame.owner;
    match frame.step {
        PINDIAN => {
            frame.step = RESULT;
            skill_pindian(owner, target, SkillId::Lieren)
        }
        RESULT => {
            let Some(result) = game.finish_pindian() else {
                return Step::Done;
            };
            frame.step = TAKEN;
            if !result.won
                || !game.is_alive(target)
                || !game.has_cards_in(target, Areas::HAND_AND_EQUIP)
            {
                return Step::Done;
            }
            let cause = Cause::Skill(SkillId::Lieren);
            Step::ask(game.pick_prompt(owner, target, Areas::HAND_AND_EQUIP, cause, false))
        }
        _ => {
            if let Some((_, action)) = game.take_answer() {
                if let Some(card) = game.take_pick(target, &action) {
                    game.move_cards_seen_by(&[card], Zone::Hand(owner), &[target]);
                }
            }
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::SkillId;
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{cards, roster_check, seat, table};

    #[test]
    fn h_sk_lieren_winning_the_point_fight_takes_a_card() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).gained = vec![SkillId::Lieren];
        seat(&mut s, 0).hand = vec![
            CardSpec::kind(Slash),
            CardSpec::exact(Peach, Suit::Heart, 12),
        ];
        seat(&mut s, 1).hand = vec![CardSpec::exact(Jink, Suit::Diamond, 2)];
        seat(&mut s, 1).equip = cards(&[Crossbow]);
        let mut c = roster_check(s);
        c.card(0, Slash, &[1]).pass(1);
        c.skill(0, SkillId::Lieren);
        let k = c.hand_card(0, Peach);
        let two = c.hand_card(1, Jink);
        c.act(0, Action::Cards { cards: vec![k] });
        c.act(1, Action::Cards { cards: vec![two] });
        let crossbow = c.game.table().seats[1].equipment().next().unwrap();
        c.act(
            0,
            Action::Pick {
                pick: Pick::Card { card: crossbow },
            },
        );
        assert_eq!(c.hand(0), vec![Crossbow]);
        assert_eq!(c.hp(1), 3);
        c.assert_conserved();
    }
}
