import re
SPEC='/work/shared/seeds/000_aad9ad0504eac156.txt'
SECS=[("SOP2","SOP2 Opcodes","15.1.2. SOPK"),("SOPK","SOPK Opcodes","15.1.3. SOP1"),("SOP1","SOP1 Opcodes","15.1.4. SOPC"),
("SOPC","SOPC Opcodes","15.1.5. SOPP"),("SOPP","SOPP Opcodes","15.2."),("SMEM","SMEM Opcodes","15.3.1. VOP2"),("VOP1","VOP1 Opcodes","15.3.3. VOPC"),("VOP2","VOP2 Opcodes","15.3.2. VOP1"),
("VOPC","VOPC Opcodes","15.3.4. VOP3"),("VOP3","VOP3 Opcodes","15.3.5. VOP3SD"),("VOP3SD","VOP3SD Opcodes","15.3.6. VOP3P"),
("VOP3P","VOP3P Opcodes","15.3.7. VOPD"),("VOPD_X","VOPD X-Opcodes","VOPD Y-Opcodes"),("VOPD_Y","VOPD Y-Opcodes","15.3.8. DPP16"),
("DS","DS Opcodes","15.7.1. MTBUF"),("FLAT","FLAT Opcodes","15.9.2. GLOBAL"),("GLOBAL","GLOBAL Opcodes","15.9.3. SCRATCH"),("SCRATCH","SCRATCH Opcodes","15.10.1. EXP"),("MUBUF","MUBUF Opcodes","15.8.1. MIMG")]
NAME=re.compile(r'(V|S|DS|BUFFER|FLAT|GLOBAL|SCRATCH)_[A-Z0-9_]+')
def spec_tables(text=None):
    t=text or open(SPEC).read()
    out={}
    for f,s,e in SECS:
        a=t.index(". "+s)
        b=a+t[a:].index(e)
        w=t[a:b].split()
        isnum=lambda x:x.isdigit()
        isname=lambda x:bool(NAME.fullmatch(x))
        rows=[];orph_n=[];orph_s=[]
        for i,x in enumerate(w):
            if isname(x):
                if i>0 and isnum(w[i-1]): rows.append((int(w[i-1]),x))
                else: orph_s.append(x)
            elif isnum(x) and i+2<len(w) and isnum(w[i+1]) and isname(w[i+2]):
                orph_n.append(int(x))
        assert len(orph_n)==len(orph_s),(f,orph_n,orph_s)
        rows+=list(zip(orph_n,orph_s))
        out[f]=sorted(rows)
    return out
if __name__=="__main__":
    for f,r in spec_tables().items(): print(f,len(r),len(set(x[0] for x in r)),len(set(x[1] for x in r)))
