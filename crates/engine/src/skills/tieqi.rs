//! 铁骑 Tieqi — 马超.
//!
//! 当你使用【杀】指定一名角色为目标后，你可以进行判定：若结果为红色，该角色不能使用【闪】响应此【杀】。
//! After you target a character with a Slash, you may judge: if red, they cannot use a Jink
//! against it. Each target of the 杀 is judged for separately. Nothing stands in for the 闪 then
//! either: 八卦阵 is never asked.

use crate::action::Action;
use crate::card::{CardKind, Color};
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::Cause;
use crate::resolve::{Frame, JudgeFrame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::TargetConfirmed,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(SkillId::Tieqi, "铁骑", "Tieqi", "当你使用【杀】指定一名角色为目标后，你可以进行判定：若结果为红色，该角色不能使用【闪】响应此【杀】。", "After you target a character with a Slash, you may judge: if red, they cannot use a Jink against it.")
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Target { use_id, target } = data else {
        return false;
    };
    let card_use = game.card_use(*use_id);
    card_use.user == owner && card_use.card.kind == CardKind::Slash && game.is_alive(*target)
}

fn on_trigger(_: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Target { use_id, target } = data else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::Tieqi, owner);
    frame.use_id = Some(*use_id);
    frame.seats = vec![*target];
    Some(Frame::Skill(frame))
}

/// Judges; on red the target may not answer this 杀 with 闪.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    if frame.step == 0 {
        frame.step = 1;
        return Step::Push(Frame::Judge(JudgeFrame::new(
            frame.owner,
            Cause::Skill(SkillId::Tieqi),
        )));
    }
    let red = game
        .take_judgment()
        .is_some_and(|c| c.color() == Color::Red);
    if let (true, Some(use_id), Some(&target)) = (red, frame.use_id, frame.seats.first()) {
        game.card_use_mut(use_id).no_jink.push(target);
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::card::{CardKind, Suit};
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::scenario::CardSpec;
    use crate::seat::Role;
    use crate::testing::{cards, seat, table, Check};

    /// 马超 (seat 0) uses a 杀 on seat 1, who holds a 闪; the judgment card is `judged`.
    fn slash_with_judgment(judged: CardSpec, armor: &[CardKind]) -> Check {
        let mut s = table(&[Role::Lord, Role::Rebel]);
        seat(&mut s, 0).general = GeneralId::Machao;
        seat(&mut s, 0).hand = cards(&[CardKind::Slash]);
        seat(&mut s, 1).hand = cards(&[CardKind::Jink]);
        seat(&mut s, 1).equip = cards(armor);
        s.draw_pile_top = vec![judged];
        let mut c = Check::new(s);
        c.card(0, CardKind::Slash, &[1]);
        assert!(c.is_asked(0, |k| *k
            == PromptKind::Confirm {
                skill: SkillId::Tieqi
            }));
        c
    }

    fn red() -> CardSpec {
        CardSpec::Kind {
            kind: CardKind::Peach,
            suit: Some(Suit::Heart),
            rank: None,
        }
    }

    fn black() -> CardSpec {
        CardSpec::Kind {
            kind: CardKind::Slash,
            suit: Some(Suit::Club),
            rank: None,
        }
    }

    #[test]
    fn red_means_no_jink() {
        let mut c = slash_with_judgment(red(), &[]);
        c.skill(0, SkillId::Tieqi);
        assert!(!c.has_prompt(1), "no 闪 is asked for");
        assert_eq!(c.hp(1), 3);
        assert_eq!(c.hand(1), vec![CardKind::Jink]);
        c.assert_conserved();
    }

    #[test]
    fn black_lets_the_target_dodge() {
        let mut c = slash_with_judgment(black(), &[]);
        c.skill(0, SkillId::Tieqi);
        c.card(1, CardKind::Jink, &[]);
        assert_eq!(c.hp(1), 4);
    }

    #[test]
    fn declined_the_slash_resolves_as_usual() {
        let mut c = slash_with_judgment(red(), &[]);
        c.pass(0);
        c.card(1, CardKind::Jink, &[]);
        assert_eq!(c.hp(1), 4);
        // The red card stayed on the pile: no judgment was made.
        assert!(!c
            .events
            .iter()
            .any(|e| matches!(e, crate::event::Event::Judged { .. })));
    }

    #[test]
    fn each_target_is_judged_for_separately() {
        // 方天画戟: his last hand card as 杀 on two targets; red for the first, black for the
        // second.
        let mut s = table(&[Role::Lord, Role::Rebel, Role::Rebel]);
        seat(&mut s, 0).general = GeneralId::Machao;
        seat(&mut s, 0).hand = cards(&[CardKind::Slash]);
        seat(&mut s, 0).equip = cards(&[CardKind::Halberd]);
        seat(&mut s, 1).hand = cards(&[CardKind::Jink]);
        seat(&mut s, 2).hand = cards(&[CardKind::Jink]);
        s.draw_pile_top = vec![red(), black()];
        let mut c = Check::new(s);
        c.card(0, CardKind::Slash, &[1, 2]);
        c.skill(0, SkillId::Tieqi).skill(0, SkillId::Tieqi);
        assert!(!c.has_prompt(1), "seat 1 may not dodge");
        assert_eq!(c.hp(1), 3);
        c.card(2, CardKind::Jink, &[]);
        assert_eq!(c.hp(2), 4);
    }

    #[test]
    fn red_also_shuts_out_eight_diagram() {
        // 八卦阵 only stands in for a 闪 the target could use.
        let mut c = slash_with_judgment(red(), &[CardKind::EightDiagram]);
        c.skill(0, SkillId::Tieqi);
        assert!(!c.has_prompt(1));
        assert_eq!(c.hp(1), 3);
    }
}
