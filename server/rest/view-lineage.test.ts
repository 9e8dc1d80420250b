import { describe, expect, it } from 'vitest';
import { viewColumnSources } from './view-lineage.ts';

describe('viewColumnSources', () => {
  it('reads plain column references from the top-level target list only', () => {
    // Shortened node text of: create view v as select b.id as bid, (select 1) as one, a.name from b join a ...
    const action =
      '({QUERY :commandType 1 :rtable ({RANGETBLENTRY :eref {ALIAS :aliasname b :colnames ("id" "a\\ \\(x\\)")}}) ' +
      ':jointree {FROMEXPR :quals {SUBLINK :subselect {QUERY :targetList ({TARGETENTRY :expr {CONST} :resno 1 :resname x ' +
      ':ressortgroupref 0 :resorigtbl 999 :resorigcol 9 :resjunk false})}}} ' +
      ':targetList ({TARGETENTRY :expr {VAR :varno 1} :resno 1 :resname bid :ressortgroupref 0 :resorigtbl 16392 :resorigcol 1 :resjunk false} ' +
      '{TARGETENTRY :expr {SUBLINK :subselect {QUERY :targetList ({TARGETENTRY :resno 1 :resorigtbl 5 :resorigcol 5 :resjunk false})}} ' +
      ':resno 2 :resname one :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false} ' +
      '{TARGETENTRY :expr {VAR :varno 2} :resno 3 :resname name :ressortgroupref 0 :resorigtbl 16384 :resorigcol 2 :resjunk false}) ' +
      ':constvalue 4 [ 1 0 0 0 ]})';
    expect(viewColumnSources(action)).toEqual([
      { viewAttnum: 1, tableOid: 16392, tableAttnum: 1 },
      { viewAttnum: 3, tableOid: 16384, tableAttnum: 2 },
    ]);
  });

  it('gives nothing for text it cannot read', () => {
    expect(viewColumnSources('')).toEqual([]);
    expect(viewColumnSources('(((')).toEqual([]);
    expect(viewColumnSources('({NOTAQUERY :targetList ()})')).toEqual([]);
  });
});
