//! 雄异 Xiongyi — 马腾 (国战, H-SK-xiongyi).
//!
//! 限定技，出牌阶段，你可以令与你势力相同的所有角色各摸三张牌，然后若你的势力角色数为全场最少的（之一），你回复1点体力。
//! Limited, in your play phase: every character of your faction (you included) draws three
//! cards; then, if your faction is the smallest (ties count), you recover 1 HP.
//!
//! They draw in seat order from 马腾. "Smallest": no other faction present has fewer living
//! determined members than yours; a careerist is a faction of one (hidden characters count for no
//! faction, [QHeg] `getPlayerNumWithSameKingdom`). Using it reveals a hidden 马腾 first (H-REV-2),
//! so his faction is known when it resolves.

use crate::def::skill::{Active, SkillDef, SkillFrame, Tags};
use crate::event::Camp;
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::Step;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        limited: true,
        ..Tags::NONE
    },
    active: Some(Active {
        can_use: |_, _| true,
    }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Xiongyi,
        "雄异",
        "Xiongyi",
        "限定技，出牌阶段，你可以令与你势力相同的所有角色各摸三张牌，然后若你的势力角色数为全场最少的（之一），你回复1点体力。",
        "Limited, in your play phase: every character of your faction draws three cards; then, if your faction has the fewest characters (ties count), you recover 1 HP.",
    )
};

/// Is `owner`'s faction the smallest of the factions present (ties count)?
pub(crate) fn smallest_faction(game: &Game, owner: Seat) -> bool {
    let living: Vec<Seat> = game
        .order_from(owner)
        .into_iter()
        .filter(|s| game.is_alive(*s) && game.is_determined(*s))
        .collect();
    let mine = living
        .iter()
        .filter(|s| game.same_faction(owner, **s))
        .count();
    let mut others: Vec<(Camp, usize)> = Vec::new();
    let mut careerists = false;
    for s in living.iter().filter(|s| !game.same_faction(owner, **s)) {
        match game.faction(*s) {
            Some(Camp::Careerist) => careerists = true,
            Some(camp) => match others.iter_mut().find(|(c, _)| *c == camp) {
                Some((_, n)) => *n += 1,
                None => others.push((camp, 1)),
            },
            None => {}
        }
    }
    let fewest = others
        .iter()
        .map(|(_, n)| *n)
        .chain(careerists.then_some(1))
        .min();
    fewest.is_none_or(|n| mine <= n)
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    game.invoke(owner, SkillId::Xiongyi, Vec::new());
    let friends: Vec<Seat> = game
        .order_from(owner)
        .into_iter()
        .filter(|s| game.is_alive(*s) && game.same_faction(owner, *s))
        .collect();
    for friend in friends {
        game.draw(friend, 3);
    }
    if game.is_alive(owner) && smallest_faction(game, owner) {
        game.recover(owner, 1);
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::seat::Seat;
    use crate::testing::{seat, Check};

    fn xiongyi() -> Action {
        Action::Skill {
            skill: SkillId::Xiongyi,
            cards: Vec::new(),
            targets: Vec::new(),
        }
    }

    /// H-SK-xiongyi: 马腾 (群, 2 of 4 HP) and the other 群 seat draw three; 群 has two members
    /// and 魏 two: a tie counts as smallest, so he recovers 1. Limited: once per game.
    #[test]
    fn h_sk_xiongyi_the_faction_draws_three_and_the_smallest_recovers() {
        let mut s = table(&[
            (G::HegMateng, G::HegPangde, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegLvbu, G::HegDiaochan, true, false),
            (G::HegXiahoudun, G::HegXiahouyuan, true, true),
            (G::HegGuanyu, G::HegZhangfei, false, false),
        ]);
        seat(&mut s, 0).hp = Some(2);
        let mut c = Check::new(s);
        let hands: Vec<usize> = (0..5).map(|i| c.hand(i).len()).collect();
        c.act(0, xiongyi());
        let drawn: Vec<usize> = (0..5)
            .map(|i| c.hand(i).len() - hands[i as usize])
            .collect();
        assert_eq!(
            drawn,
            vec![3, 0, 3, 0, 0],
            "the hidden seat 4 is of no faction"
        );
        assert_eq!(c.hp(0), 3);
        assert!(!c.allows(0, &xiongyi()), "limited");
        assert!(c
            .game
            .seat(Seat(0))
            .limited_used
            .contains(&SkillId::Xiongyi));
    }

    /// H-SK-xiongyi: with three 群 and two 魏, 群 is not the smallest: no recovery.
    #[test]
    fn h_sk_xiongyi_no_recovery_when_another_faction_is_smaller() {
        let mut s = table(&[
            (G::HegMateng, G::HegPangde, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegLvbu, G::HegDiaochan, true, false),
            (G::HegXiahoudun, G::HegXiahouyuan, true, true),
            (G::HegHuatuo, G::HegZhangjiao, true, true),
            (G::HegGuanyu, G::HegZhangfei, false, false),
        ]);
        seat(&mut s, 0).hp = Some(2);
        let mut c = Check::new(s);
        c.act(0, xiongyi());
        assert_eq!(c.hp(0), 2);
    }
}
