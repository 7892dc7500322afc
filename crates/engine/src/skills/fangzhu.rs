//! 放逐 Fangzhu — 曹丕 (林; 国战 the same, H-SK-fangzhu).
//!
//! 每当你受到伤害后，你可以令一名其他角色摸X张牌，然后将其武将牌翻面（X为你已损失的体力值）。
//! After you take damage, you may choose another character: it draws X cards (X = your lost
//! HP), then turns its general over.
//!
//! Once per damage event, however many points. X may be 0 (the choice still turns it over); it
//! is counted when the skill resolves (H-REW-4: a 国战 reward that healed him first lowers it).

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DamageTaken,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Fangzhu,
        "放逐",
        "Fangzhu",
        "每当你受到伤害后，你可以令一名其他角色摸X张牌，然后将其武将牌翻面（X为你已损失的体力值）。",
        "After you take damage, you may have another character draw X cards (X = your lost HP), then turn its general over.",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Damage(d) if d.target == owner) && game.alive_count() > 1
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let mut actions: Vec<Action> = game
        .order_from(owner)
        .into_iter()
        .filter(|s| *s != owner)
        .map(|s| Action::Skill {
            skill: SkillId::Fangzhu,
            cards: Vec::new(),
            targets: vec![s],
        })
        .collect();
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Fangzhu),
    };
    Some((kind, Choices::actions(actions)))
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, action: &Action) -> Option<Frame> {
    let Action::Skill { targets, .. } = action else {
        return None;
    };
    let &target = targets.first()?;
    if !game.is_alive(target) {
        return None;
    }
    let lost = (i16::from(game.seat(owner).max_hp) - i16::from(game.hp(owner))).max(0);
    if lost > 0 {
        game.draw(target, lost as usize);
    }
    game.turn_over(target);
    None
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::SkillId;
    use crate::seat::{Role::*, Seat};
    use crate::testing::{cards, roster_check, seat, table};

    fn exile(target: u8) -> Action {
        Action::Skill {
            skill: SkillId::Fangzhu,
            cards: Vec::new(),
            targets: vec![Seat(target)],
        }
    }

    #[test]
    fn h_sk_fangzhu_target_draws_the_lost_hp_then_turns_over() {
        let mut s = table(&[Lord, Rebel, Loyalist]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).gained = vec![SkillId::Fangzhu];
        seat(&mut s, 1).hp = Some(3);
        s.draw_pile_top = cards(&[Jink, Peach, Duel]);
        let mut c = roster_check(s);
        c.card(0, Slash, &[1]).pass(1);
        // 3 → 2 of 4: X = 2.
        c.act(1, exile(0));
        assert_eq!(c.hand(0), vec![Jink, Peach]);
        assert!(c.game.is_turned_over(Seat(0)));
        c.assert_conserved();
    }

    #[test]
    fn h_sk_fangzhu_may_be_declined_and_names_only_others() {
        let mut s = table(&[Lord, Rebel, Loyalist]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).gained = vec![SkillId::Fangzhu];
        let mut c = roster_check(s);
        c.card(0, Slash, &[1]).pass(1);
        assert!(!c.allows(1, &exile(1)));
        c.pass(1);
        assert!(!c.game.is_turned_over(Seat(0)));
        assert!(c.prompt(0).is_play());
    }
}
