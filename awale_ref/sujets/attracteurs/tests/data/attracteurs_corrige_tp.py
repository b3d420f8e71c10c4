"""The answer key of the attractor practical, transcribed as a student writes it in the notebooks.

From the practical's full solution ("Théorie des jeux — jeux à deux joueurs — attracteur & stratégie"): every
function of Q2–Q35 as the key writes it, its imports, nothing else (the key's demonstration lines, which print
or read names it never defines, are left out; of its two versions of ``est_gagnante``, the second, which a
notebook keeps).  One line break of a comment repaired; the code is the key's, its real mistakes kept
(``awale_ref/sujets/attracteurs/tests/test_corrige_attracteurs.py`` says which and what they cost; ``LECTURES`` of the reference names them).
"""

def empile( x,i,j ):
    """ empile ( x : list, i : int, j : int )-> list
        entrees : x, liste de listes(ci,hi), represente la situation initiale.
                : i, j, entiers, indices des piles que l'on veut empiler
        sortie: LXij , liste de situations possibles après empilement          """
    LXij = []
    ci , hi = x[i]
    cj , hj = x[j]
    if ci==cj or hi==hj : #empilement possible
        reste = x[:i]+x[i+1:j]+x[j+1:]
        pij = [ci,hi+hj] # pile ci sur cj (arbitrairement)
        X = reste + [pij]
        X.sort()
        LXij.append(X)
    if ci!=cj: # si couleur différente => ajouter la situation avec cj au dessus
        pji = [cj,hi+hj] # pile cj sur ci
        X = reste + [pji]
        X.sort()
        LXij.append(X)
    return LXij


def coups(x):
    """ coups(x : list) -> list
        entree: x, liste de liste(ci,hi), situation initiale
        sortie: ensemble des situations possibles avec ttes les combinaisons d'empilement possibles
    """
    LX = []
    for i in range( len(x) ):
        for j in range( i+1 , len(x) ):
            LXij = empile( x,i,j )
            for X in LXij:
                if X not in LX: # On n'ajoute la situation que si elle n'a pas déjà été stockée
                    LX.append(X)
    return LX


def init(C,N):
    """ init( C : int, N: int ) -> list
        entrees : C, entier positif, nombre de couleurs differentes
                : N , entier positif, nombre de tablettes par couleur
        sortie : x0, liste de listes (ci,hi) correspondant à la situation initiale
    """
    x0 = []
    for c in range(C):
        for _ in range(N):
            x0.append([c,1])
    x0.sort() # Inutile compte tenu de ma programmation avec c croissant
    return x0


def Tuple(L):
    if L==[]:
        return ()
    elif type(L[0])!=list:
        return tuple(L)
    else:
        Res = []
        for l in L:
            Res.append(Tuple(l))
        return tuple(Res)


from collections import deque


def graphe(C,N):
    """ graphe(C : int ,N:int )-> dict
        entrees:C, entier positif, nombre de couleurs différentes
        :N , entier positif, nombre de tablettes par couleur
        sortie:G, dictionnaire,le:tuple de la situation,valeur:liste de liste de situation atteignables """
    # constitution de la situation initiale
    x0 = init(C,N)
    G = {} # initialisation du dictionnaire G qui représente le graphe
    file = deque()
    file.append( x0 ) # initialisation de la file avec la situation initiale x0
    while len( file ) != 0:
        x = file.popleft() # recuperation du 1er element de la file
        Cle = Tuple(x) # génération de la cle sous forme de Tuple
        LCoupsSuivants = coups(x) #Recuperation de la liste des situations atteignables depuis x
        G[Cle] = LCoupsSuivants # ajout dans le graphe du couple clé, valeur
        # ajout dans la file des différentes situations (si elles n'ont pas déjà été stockées) p pour traitement ultérieur
        for c in LCoupsSuivants:
            if Tuple(c) not in G:
                file.append(c)
    return G


from time import perf_counter


def sommets_12( G, C, N ):  
    """ sommets_12( G, C, N )  
        entrees : G, dictionnaire, represente le graphe  
                : C, N, entiers representant le nombre de couleurs et le nombre de tablettes  
        sorties: 2 tuples pour les sommets de J1 et de J2  
    """  
    S1 = []  
    S2 = []  
    n = N*C      # nombre total de tablettes = nb de piles initial  
    for e in G:  
        if len(e)%2 == n%2:  
            S1.append(e)  
        else:  
            S2.append(e)  
    return tuple(S1),tuple(S2)


def est_gagnante(G,x): # x liste ou Tuple

    # Détermination des successeurs de x
    lesSuccesseurs = G[Tuple(x)]

    # Aucun successeur => Pas gagnant
    if len(lesSuccesseurs) == 0:
        return False # Aucun successeur => Pas gagnant

    else: # Aucun successeur pas gagnant?
        Res = False
        for succ in lesSuccesseurs: # succ est une liste
            if not est_gagnante(G,succ): # Un pas gagnant trouvé
                Res = True # Position gagnante
                break # Gagne du temps
        return Res


def dico_gagnant(G):
    dico = {}
    for x in G:
        dico[x] = est_gagnante(G,x)
    return dico


def est_Gagnante_rec(G,x, dico): # Programmé pour que x soit un Tuple (*)
    if x in dico: # Nouveau
        return dico[x] # Nouveau
    else: # Nouveau
        if len(x) == 0:
            dico[x] = False # Nouveau
            return False
        else:
            lesSuccesseurs = G[x]
            Res = False
            for succ in lesSuccesseurs:
                if not est_Gagnante_rec(G,Tuple(succ), dico): # (*) x est un Tuple
                    Res = True
                    break
            dico[x] = Res # Nouveau
            return Res


def dico_gagnant_opt( G ):
    dico = {}
    for x in G:
        dico[x] = est_Gagnante_rec(G,x,dico) # x est un Tuple
    return dico


def init_attracteurs(G,S1):
    """ init_attracteurs(G : dict, S1 list)
        entrees : G : dictionnaire representant le graphe
                  : S1, liste des sommets gagnants du joueur1
        sortie : d1, d2, dictionnaires - cle : sommet (tuple),
                 valeur : booleen indiquant si le sommet est dans les sommets gagnants du joueur j1 """
    #initialisation des dict d1 et D2 - cle:sommet du graphe(tuple)- valeur:False par default
    d1 = {cle:False for cle in G}
    d2 = {cle:False for cle in G}

    for x in G: # x Tuple
        L_succ = G[Tuple(x)]
        if len(L_succ) == 0: # sans successeurs
            if x in S1: # de S1 contenant des Tuples
                d2[x] = True
            else:
                d1[x] = True
    return d1,d2


def cond_1(G,di,x):
    ''' cond_1(G : dict ,di : dict ,x : list)
        entrees : G, dictionnaire, qui représente le graphe
                  : di, dictionnaires des attracteurs
                  : x, liste représentant le sommet
        sortie : booléen, à True si au moins un successeur de x est à True dans di'''
    L_succ = G[Tuple(x)]
    for succ in L_succ:
        if di[Tuple(succ)] == True:
            return True
    return False


def cond_2(G,di,x):
    ''' cond_2(G : dict ,di : dict ,x : list)
        entrees : G, dictionnaire, qui représente le graphe
                  : di, dictionnaires des attracteurs
                  : x, liste représentant le sommet
        sortie : booléen, à True si tous les successeurs de x sont True dans di'''
    L_succ = G[Tuple(x)]
    if len(L_succ) == 0:
        return False
    else:
        Res = True
        for succ in L_succ:
            Res = Res and di[Tuple(succ)]
        return Res


def attracteurs_it(G,di,Si):
    Changement = False
    for x in G:
        if di[x] == False:
            if x in Si:
                Cond = cond_1(G,di,x)
            else:
                Cond = cond_2(G,di,x)
            di[x] = Cond
            Changement = Changement or Cond
    return Changement


def attracteurs_Ji(G,di,Si):
    Changement = True
    while Changement:
        Changement = attracteurs_it(G,di,Si)


def attracteurs(G,C,N):
    S1,S2 = sommets_12(G,C,N)
    dA1,dA2 = init_attracteurs(G,S1)
    attracteurs_Ji(G,dA1,S1)
    attracteurs_Ji(G,dA2,S2)
    return dA1,dA2


def dico_gagnant_att(G,C,N):
    S1,S2 = sommets_12(G,C,N)
    d1,d2 = init_attracteurs(G,S1)
    attracteurs(G,C,N)
    dico = {}
    for x in G:
        if x in S1 and d1[x]:
            dico[x] = True
        elif x in S2 and d2[x]:
            dico[x] = True
        else:
            dico[x] = False
    return dico


from random import randint as rd


def strategie_opt( G, dg, x ):
    L_succ = G[ Tuple(x) ]
    if len( L_succ ) == 0:
        Choix=[]
    else:
        L_Choix = []
        for succ in L_succ:
            if not dg[ Tuple(succ) ]:
                L_Choix.append(succ)
        if len(L_Choix) == 0:
            L_Choix = L_succ
        ind = rd(0,len(L_Choix)-1)
        Choix = L_Choix[ind]
    return Choix


def strategies_opt(G,dg):
    dico_s = {}
    for x in G: # x Tuple
        dico_s[x] = strategie_opt(G,dg,x)
    return dico_s


def jeu(C,N): # Q27 - Simulation d'un jeu
    G = graphe(C,N)
    x0 = init(C,N)
    dico_g = dico_gagnant(G) # pour afficher le joueur qui gagne en théorie
    Statut_x0 = dico_g[Tuple(x0)]
    if Statut_x0:
        print("Le joueur 1 dispose d'une position gagnante")
    else:
        print("Le joueur 2 dispose d'une position gagnante")
    st_opt = strategies_opt(G,dico_g)
    j = 1
    print('Départ:',x0)
    x = x0
    while len(x) > 0:
        x = st_opt[Tuple(x)]
        j = (3-j)%2
        print('Joueur:',j+1)
        print(x)
    print('a perdu')


def h(x,bool): # bool = True si le joueur joue, False si adversaire
    """ h(x : list,bool: bool) -> int
        entrees : x, list, correspond à la configuration/position
                  : bool, vaut True si le joueur joue, False sinon
        sortie : retourne un entier qui vaut 0,1, ou -1
    """
    Lc = coups(x) # determination de la liste des positions accessibles
    #cas ou x ne possede pas de successeur
    if len(Lc) == 0:
        if bool: # Le joueur a perdu
            return -1
        else: # L'adversaire a perdu, donc le joueur a gagné
            return 1
    else:
        return 0


def min_max(x,p,bool):
    """ min_max(x: list, p: int , bool: bool ) -> int
        entrees : x, list, correspond à la configuration/position
                  : p, int, profondeur
                  : bool, vaut True si le joueur joue, False sinon
        sortie : entier qui correspond à la valeur min-max attendue
    """
    Lc = coups(x)
    if len(Lc)==0 or p==0:
        return h(x,bool)
    else:
        Lh = []
        if bool: # Coup du joueur : on cherche le maximum
            for c in Lc:
                valMinMax = min_max(c,p-1,False)
                Lh.append(valMinMax)
            return max(Lh)
        else: # Coup de l'adversaire : on cherche le minimum
            for c in Lc:
                valMinMax = min_max(c,p-1,True)
                Lh.append(valMinMax)
            return min(Lh)


def min_max_opt(x,p,bool):
    def rec(x,p,bool): # x liste ou tuple
        if Tuple(x) in dico:
            return dico[Tuple(x)]
        else:
            Lc = coups(x)
            if len(Lc)==0 or p==0:
                res = h(x,bool)
                dico[Tuple(x)] = res
                return res
            else:
                Lh = []
                if bool: # Coup du joueur
                    for c in Lc:
                        Min_max = rec(c,p-1,False)
                        Lh.append(Min_max)
                    res = max(Lh)
                    dico[Tuple(x)] = res
                    return res
                else: # Coup de l'adversaire
                    for c in Lc:
                        Min_max = rec(c,p-1,True)
                        Lh.append(Min_max)
                    res = min(Lh)
                    dico[Tuple(x)] = res
                    return res

    dico = {}
    return rec(x,p,bool)


def choix_ind_max( L ):
    """ choix_ind_max( L: list ) -> int
        entree : L, liste de valeurs,
        sortie : Ind, entier qui correspond à l'indice d'une des valeurs maximales
        (s'il y en a plusieurs, l'indice sera choisi aleatoirement)
    """
    maxi = max(L) #determination de la valeur maximale
    L_ind = [] #L_ind, liste qui sert a stocker les indices des valeurs maximales
    for i in range(len(L)):
        if L[i] == maxi:
            L_ind.append(i)
    i = rd(0,len(L_ind)-1)
    Ind = L_ind[i]
    return Ind


def strategie_h(x,p):
    """ strategie_h(x,p) -> int
        entrees : x,liste position/configuration
                  : p, int, profondeur
        sortie : Choix, liste qui correspond à la position suivante
    """
    Lc = coups(x)
    if len(Lc) == 0:
        Choix=[]
    else:
        if p==0: # Choix aléatoire
            ind = rd(0,len(Lc)-1)
        else:
            Lm = []
            for c in Lc:
                valMinMax = min_max(c,p-1,False) # Penser à mettre False
                Lm.append(valMinMax)
            ind = choix_ind_max(Lm)
        Choix = Lc[ind]
    return Choix


def jeu_h(C,N,p):
    """ jeu_h(C:int, N:int , p:int)
        entrees : C,N, entiers, nombre de couleurs et nombre de jetons
                  : p,, entier, profondeur
    """
    x0 = init(C,N)
    j = 1
    print('Départ:',x0)
    x = x0
    while len(x) > 0:
        x = strategie_h(x,p)
        j = (3-j)%2
        print('Joueur:',j+1)
        print(x)
    print('a perdu')
